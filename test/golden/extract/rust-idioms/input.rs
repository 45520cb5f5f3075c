//! Definition idioms of Rust: items in macros, trait items, generic impls.
use std::fmt;

/// Builds a visitor for each primitive.
macro_rules! impl_visitor {
    ($($ty:ident => $method:ident),*) => {
        $(
            impl<'de> Visitor<'de> for $ty {
                type Value = $ty;

                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str(stringify!($ty))
                }
            }
        )*
    };
}

cfg_if! {
    if #[cfg(unix)] {
        /// The platform's separator.
        pub const SEPARATOR: char = '/';
        pub fn platform() -> &'static str { "unix" }
    }
}

define_set! {
    pub struct RegexSet { inner: Vec<String> }

    impl RegexSet {
        pub fn new() -> RegexSet { RegexSet { inner: Vec::new() } }
        fn len(&self) -> usize { self.inner.len() }
    }
}

/// A shape with an area.
pub trait Shape {
    type Unit;
    const SIDES: usize;
    fn area(&self) -> f64;
    fn describe(&self) -> String { format!("{}", self.area()) }
}

pub type Result<T> = std::result::Result<T, Error>;
pub static COUNTER: u32 = 0;

pub struct Wrapper<T>(T);

impl<T: fmt::Display> fmt::Display for Wrapper<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "{}", self.0) }
}

impl<T> Wrapper<T> {
    pub const EMPTY: usize = 0;
    pub fn into_inner(self) -> T { self.0 }
}

pub mod nested {
    pub enum Kind { A, B }
    pub union Bits { i: u32, f: f32 }
}

/// Helpers kept in a folder of another name.
#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

mod inline {
    #[path = "ignored.rs"]
    mod nested;
}
