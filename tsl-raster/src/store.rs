//! A store of assets of one kind, addressed by a typed id (a port writes
//! `assets.programs.add(graph.compile())`, and a `Material` names its program by id), and the ids.
//! [`Assets`](crate::Assets) holds one store of each kind.

use std::marker::PhantomData;
use tsl_core::TextureId;

/// An id that indexes a [`Store`].
pub trait StoreId: Copy {
    /// The id of the item at `index`.
    fn from_index(index: u32) -> Self;
    /// The index the id names.
    fn index(self) -> usize;
}

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl StoreId for $name {
            fn from_index(index: u32) -> Self {
                $name(index)
            }
            fn index(self) -> usize {
                self.0 as usize
            }
        }
    )*};
}

ids! {
    /// The id of a program in [`Assets::programs`](crate::Assets::programs).
    ProgramId;
    /// The id of a material in [`Assets::materials`](crate::Assets::materials).
    MaterialId;
    /// The id of a geometry in [`Assets::geometries`](crate::Assets::geometries).
    GeometryId;
}

impl StoreId for TextureId {
    fn from_index(index: u32) -> Self {
        TextureId(index)
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// A list of assets of one kind; `add` returns the id that finds the asset again.
#[derive(Clone, Debug)]
pub struct Store<T, I> {
    items: Vec<T>,
    id: PhantomData<I>,
}

impl<T, I> Default for Store<T, I> {
    fn default() -> Self {
        Store {
            items: Vec::new(),
            id: PhantomData,
        }
    }
}

impl<T, I: StoreId> Store<T, I> {
    /// An empty store.
    pub fn new() -> Self {
        Store::default()
    }

    /// Add an asset; its id.
    pub fn add(&mut self, item: T) -> I {
        self.items.push(item);
        I::from_index((self.items.len() - 1) as u32)
    }

    /// The asset `id` names, if any.
    pub fn get(&self, id: I) -> Option<&T> {
        self.items.get(id.index())
    }

    /// The asset `id` names, to change it (a uniform between frames).
    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.items.get_mut(id.index())
    }

    /// Whether `id` names an asset.
    pub fn contains(&self, id: I) -> bool {
        id.index() < self.items.len()
    }

    /// How many assets the store holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The assets with their ids, in the order added.
    pub fn iter(&self) -> impl Iterator<Item = (I, &T)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (I::from_index(i as u32), item))
    }
}
