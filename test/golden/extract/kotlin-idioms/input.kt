package demo.shapes

import kotlin.math.max

typealias Handler = (Shape) -> Unit

const val MAX_SIDES = 12
val defaultName: String = "shape"
var counter = 0
    private set

fun String.shout(): String = uppercase() + "!"

val Shape.label: String
    get() = "shape of ${area()}"

interface Shape {
    val sides: Int
    fun area(): Double
    fun describe(): String = "shape"
}

data class Point(val x: Int, val y: Int)

sealed class Result {
    data class Ok(val value: Int) : Result()
    object Empty : Result()
}

enum class Color(val code: String) {
    RED("r"),
    GREEN("g");

    fun lower() = code.lowercase()
}

object Registry {
    private val shapes = mutableListOf<Shape>()
    fun register(s: Shape) { shapes.add(s) }
}

class Square(private val side: Double) : Shape {
    override val sides = 4
    var scale: Double = 1.0
        get() = field
        set(value) { field = max(0.0, value) }

    lateinit var onChange: Handler
    private val lazyArea by lazy { side * side }

    constructor(side: Int) : this(side.toDouble())

    override fun area(): Double = side * side

    infix fun times(n: Int): Square = Square(side * n)

    companion object {
        fun unit(): Square = Square(1.0)
    }

    companion object Factory

    inner class Corner(val index: Int)
}
