//! The typed front: `Node<T>` handles whose operators and functions rustc type-checks.
