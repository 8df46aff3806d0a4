//! What compile checks before it lays anything out: the graph's integrity (its fields may have
//! been edited) and which outputs may read which inputs.

use crate::graph::{typecheck, GraphError, GraphParts, Op, Output, Source};
use crate::types::ValueType;

fn refuse(reason: String) -> GraphError {
    GraphError::new("compile", reason)
}

/// Refuse an input that names no node, a uniform index that names no uniform, a type that no
/// longer holds, an output of the wrong type, and a cycle among the nodes an output reads.
pub fn integrity(parts: &GraphParts) -> Result<(), GraphError> {
    let nodes = &parts.nodes;
    for (index, node) in nodes.iter().enumerate() {
        if let Some(&bad) = node.inputs.iter().find(|&&i| i as usize >= nodes.len()) {
            return Err(refuse(format!(
                "node #{index} reads node #{bad}, which does not exist"
            )));
        }
        let expected = match &node.op {
            Op::Uniform(u) => match parts.uniforms.get(*u) {
                Some(decl) => Ok(decl.value.value_type()),
                None => {
                    return Err(refuse(format!(
                        "node #{index} reads uniform {u}, which does not exist"
                    )))
                }
            },
            Op::Attribute(a) => Ok(a.value_type()),
            Op::TextureConst(_) => Ok(ValueType::Texture),
            op => {
                let types: Vec<ValueType> =
                    node.inputs.iter().map(|&i| nodes[i as usize].ty).collect();
                let arity_ok = match op {
                    Op::Math(code) => types.len() == code.arity(),
                    Op::Swizzle { len, .. } => types.len() == 1 && (1..=4).contains(len),
                    Op::Texture => types.len() == 2,
                    Op::Column(_) => types.len() == 1,
                    Op::Constant { .. } => types.is_empty(),
                    _ => !types.is_empty(),
                };
                if !arity_ok {
                    return Err(refuse(format!(
                        "node #{index} has {} inputs, which its operation does not take",
                        types.len()
                    )));
                }
                typecheck::infer(op, &types)
            }
        };
        match expected {
            Ok(ty) if ty == node.ty => {}
            Ok(ty) => {
                return Err(refuse(format!(
                    "node #{index} is typed {} but computes a {ty}",
                    node.ty
                )))
            }
            Err(reason) => return Err(refuse(format!("node #{index}: {reason}"))),
        }
    }
    for output in Output::ALL {
        if let Some(root) = parts.outputs[output.index()] {
            match nodes.get(root as usize) {
                None => {
                    return Err(refuse(format!(
                        "{output} names node #{root}, which does not exist"
                    )))
                }
                Some(n) if n.ty != output.value_type() => {
                    return Err(refuse(format!(
                        "{output} takes a {}, not a {}",
                        output.value_type(),
                        n.ty
                    )))
                }
                Some(_) => {}
            }
            if let Some(node) = find_cycle(parts, root) {
                return Err(refuse(format!(
                    "{output} reads a cycle through node #{node}"
                )));
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

/// Refuse an input that `output` may not read: a position node runs per vertex, so it reads no
/// fragment attribute, texture or lit colour; a fragment output reads no local position or normal;
/// `lit` belongs to `OUTPUT_NODE` alone.
pub fn context(parts: &GraphParts, output: Output, reachable: &[u32]) -> Result<(), GraphError> {
    for &index in reachable {
        let node = &parts.nodes[index as usize];
        let what = match &node.op {
            Op::Attribute(a) => Some((a.source(), a.name())),
            Op::Texture => Some((Source::Fragment, "a texture")),
            _ => None,
        };
        let Some((source, name)) = what else { continue };
        let reason = match source {
            Source::Fragment if output == Output::Position => Some(format!(
                "{output} reads {name}, which a vertex does not have; a position node reads position_local, normal_local, uniforms, time and math of them"
            )),
            Source::Lit if output != Output::Output => {
                Some(format!("{output} reads lit, which only OUTPUT_NODE may read"))
            }
            Source::Local if output != Output::Position => {
                Some(format!("{output} reads {name}, which only a position node may read"))
            }
            _ => None,
        };
        if let Some(reason) = reason {
            return Err(refuse(reason));
        }
    }
    Ok(())
}

/// The nodes `root` reads, itself included, each once.
pub fn reachable(parts: &GraphParts, root: u32) -> Vec<u32> {
    let mut seen = vec![false; parts.nodes.len()];
    let mut stack = vec![root];
    let mut out = Vec::new();
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut seen[n as usize], true) {
            continue;
        }
        out.push(n);
        stack.extend(parts.nodes[n as usize].inputs.iter().copied());
    }
    out
}
