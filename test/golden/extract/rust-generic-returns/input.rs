// A type parameter is no type a call on the result could bind to: its functions return nothing known.
pub struct Widget;

pub struct Stack<T> {
    items: Vec<T>,
}

impl<T> Stack<T> {
    // The impl block's parameter.
    pub fn pop_last(&mut self) -> T {
        self.items.pop().unwrap()
    }

    // The method's own parameter.
    pub fn pick<U>(&self, u: U) -> U {
        u
    }

    // A project type: recorded.
    pub fn widget(&self) -> Widget {
        Widget
    }
}

// A function's own parameter named like a project type hides it.
pub fn identity<Widget>(w: Widget) -> Widget {
    w
}

// The same name outside any parameter list is the project type.
pub fn make() -> Widget {
    Widget
}
