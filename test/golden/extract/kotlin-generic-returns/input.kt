// A type parameter is no type a call on the result could bind to: its functions return nothing known.
class Widget

class Stack<T>(private val items: MutableList<T>) {
    // The class's parameter.
    fun popLast(): T = items.removeAt(items.size - 1)

    // The method's own parameter.
    fun <U> pick(u: U): U = u

    // A project type: recorded.
    fun widget(): Widget = Widget()
}

// A function's own parameter named like a project type hides it.
fun <Widget> identity(w: Widget): Widget = w

// The same name outside any parameter list is the project type.
fun make(): Widget = Widget()
