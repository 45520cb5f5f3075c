//! Crate doc.
use std::collections::{HashMap, hash_map::Entry as E};
use crate::a::b;
use super::*;
pub use self::inner::Thing as T2;
mod inner;

/// A point.
#[derive(Debug)]
pub struct Point<T> { pub x: T, y: i32 }

pub enum Shape { Circle(f64), Square { side: f64 } }
pub trait Draw: Base { fn draw(&self); fn area(&self) -> f64 { 0.0 } }
type Alias = Vec<Point<i32>>;
pub const MAX: usize = 3;
static mut COUNT: u32 = 0;
macro_rules! sq { ($x:expr) => { $x * $x }; }

impl<T> Point<T> {
    /// Makes one.
    pub fn new(x: T) -> Self { Point { x, y: 0 } }
    fn helper(&self) { self.other(); Vec::new(); std::mem::swap(a, b); println!("x"); }
}
impl Draw for Point<i32> { fn draw(&self) { let m = HashMap::new(); m.insert(1, 2); } }
pub mod nested { pub fn f() {} }
#[test]
fn it_works() { assert_eq!(sq!(2), 4); }
