//! What compile checks before it lays anything out: the graph's integrity (its fields may have
//! been edited) and which outputs may read which inputs.

use super::{CompileError, Reading};
use crate::graph::typecheck::{self, NodeFault};
use crate::graph::{GraphParts, Op, MAX_GRAPH_NODES};
use crate::interface::{Output, Source};
use crate::types::ValueType;

/// Refuse parts larger than a builder makes: more than [`MAX_GRAPH_NODES`] nodes or uniforms
/// (each uniform the builder declares is a node). Compile asks it before it adds the discard's
/// nodes.
pub fn limits(parts: &GraphParts) -> Result<(), CompileError> {
    if parts.nodes.len() > MAX_GRAPH_NODES {
        return Err(CompileError::TooManyNodes {
            nodes: parts.nodes.len(),
        });
    }
    if parts.uniforms.len() > MAX_GRAPH_NODES {
        return Err(CompileError::TooManyUniforms {
            uniforms: parts.uniforms.len(),
        });
    }
    Ok(())
}

/// Refuse an input that names no node, and any node the builder would refuse (an input count its
/// operation does not take, a uniform index that names no uniform, `NO_TEXTURE`, a constant that
/// is not a float or a vector, a swizzle of a component past `w`, operand types that fit no rule),
/// a recorded type that is not the one computed, an output of the wrong type, and a cycle among the
/// nodes an output reads.
pub fn integrity(parts: &GraphParts) -> Result<(), CompileError> {
    let nodes = &parts.nodes;
    for (index, node) in nodes.iter().enumerate() {
        if let Some(&bad) = node.inputs.iter().find(|&&i| i as usize >= nodes.len()) {
            return Err(CompileError::MissingInput {
                node: index,
                input: bad,
            });
        }
        let types: Vec<ValueType> = node.inputs.iter().map(|&i| nodes[i as usize].ty).collect();
        let expected = typecheck::node_type(&node.op, &types, &parts.uniforms)
            .and_then(|ty| {
                let operands: Vec<_> = node.inputs.iter().map(|&i| &nodes[i as usize]).collect();
                typecheck::known_operands(&node.op, &operands)
                    .map(|()| ty)
                    .map_err(NodeFault::Type)
            })
            .map_err(|fault| match fault {
                NodeFault::Count { given, takes, most } => CompileError::Arity {
                    node: index,
                    inputs: given,
                    takes,
                    most,
                },
                NodeFault::NoUniform(uniform) => CompileError::MissingUniform {
                    node: index,
                    uniform,
                },
                NodeFault::NoTexture => CompileError::NoTexture { node: index },
                NodeFault::Type(error) => CompileError::InputTypes { node: index, error },
            });
        match expected {
            Ok(ty) if ty == node.ty => {}
            Ok(ty) => {
                return Err(CompileError::TypeChanged {
                    node: index,
                    typed: node.ty,
                    computes: ty,
                })
            }
            Err(error) => return Err(error),
        }
    }
    for output in Output::ALL {
        if let Some(root) = parts.outputs[output.index()] {
            match nodes.get(root as usize) {
                None => return Err(CompileError::MissingOutputNode { output, node: root }),
                Some(n) if !output.accepts(n.ty) => {
                    return Err(CompileError::OutputType {
                        output,
                        found: n.ty,
                    })
                }
                Some(_) => {}
            }
            if let Some(node) = find_cycle(parts, root) {
                return Err(CompileError::Cycle { output, node });
            }
        }
    }
    Ok(())
}

/// A node on a cycle reachable from `root`, by an iterative depth-first search.
fn find_cycle(parts: &GraphParts, root: u32) -> Option<u32> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let nodes = &parts.nodes;
    let mut mark = vec![Mark::New; nodes.len()];
    let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
    mark[root as usize] = Mark::Open;
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        let inputs = &nodes[node as usize].inputs;
        if *next < inputs.len() {
            let child = inputs[*next];
            *next += 1;
            match mark[child as usize] {
                Mark::Open => return Some(child),
                Mark::New => {
                    mark[child as usize] = Mark::Open;
                    stack.push((child, 0));
                }
                Mark::Done => {}
            }
        } else {
            mark[node as usize] = Mark::Done;
            stack.pop();
        }
    }
    None
}

/// Refuse what `output` may not read. A position node runs per vertex, so it reads no fragment
/// attribute, texture, varying, derivative or lit colour (a fragment output's local position or
/// normal is a varying, R-VAL-18); `lit` belongs to `OUTPUT_NODE` alone. A varying reads no texture, derivative or lit
/// colour; a derivative reads no derivative and no lit colour (the neighbours have none).
/// `shadow` belongs to `RECEIVED_SHADOW_NODE` alone, under the same rules as `lit`.
pub fn context(parts: &GraphParts, output: Output, root: u32) -> Result<(), CompileError> {
    const VARYING: u8 = 1;
    const DERIVATIVE: u8 = 2;
    let mut seen = vec![0u8; parts.nodes.len()]; // a bit per (varying, derivative) state seen
    let mut stack = vec![(root, 0u8)];
    while let Some((index, inside)) = stack.pop() {
        let bit = 1 << inside;
        if seen[index as usize] & bit != 0 {
            continue;
        }
        seen[index as usize] |= bit;
        let node = &parts.nodes[index as usize];
        let reading = match &node.op {
            Op::Attribute(a) => Some((a.source(), Reading::Attribute(*a))),
            op if op.reads_texture() => Some((Source::Fragment, Reading::Texture)),
            Op::Varying => Some((Source::Fragment, Reading::Varying)),
            Op::Derivative(_) => Some((Source::Fragment, Reading::Derivative)),
            _ => None,
        };
        let refusal = reading.and_then(|(source, read)| {
            let texture_or_lit =
                node.op.reads_texture() || source == Source::Lit || source == Source::Shadow;
            let derivative = matches!(node.op, Op::Derivative(_));
            match source {
                Source::Fragment | Source::Screen if output == Output::Position => {
                    Some(CompileError::FragmentInputInVertex { output, read })
                }
                Source::Lit if output != Output::Output => {
                    Some(CompileError::LitOutsideOutput { output })
                }
                Source::Shadow if output != Output::ReceivedShadow => {
                    Some(CompileError::ShadowOutsideReceivedShadow { output })
                }
                _ if inside & VARYING != 0 && source == Source::Screen => {
                    Some(CompileError::ScreenInputInVarying { output, read })
                }
                _ if inside & VARYING != 0 && (texture_or_lit || derivative) => {
                    Some(CompileError::FragmentInputInVarying { output, read })
                }
                _ if inside & DERIVATIVE != 0 && derivative => {
                    Some(CompileError::DerivativeOfDerivative { output })
                }
                _ if inside & DERIVATIVE != 0 && source == Source::Lit => {
                    Some(CompileError::DerivativeOfLit { output })
                }
                _ if inside & DERIVATIVE != 0 && source == Source::Shadow => {
                    Some(CompileError::DerivativeOfShadow { output })
                }
                _ => None,
            }
        });
        if let Some(refusal) = refusal {
            return Err(refusal);
        }
        let inside = inside
            | match node.op {
                Op::Varying => VARYING,
                Op::Derivative(_) => DERIVATIVE,
                _ => 0,
            };
        stack.extend(node.inputs.iter().map(|&i| (i, inside)));
    }
    Ok(())
}
