@file:JvmName("Billing")
package com.acme.billing

import com.acme.core.Base
import com.acme.util.*
import kotlin.math.max as maximum

/** Maximum retries. */
const val MAX_RETRIES = 3
private val cache = mutableMapOf<String, Int>()

/**
 * An invoice.
 */
open class Invoice(val total: Int, private val owner: String) : Base(total), Payable, Comparable<Invoice> {
    var status: Status = Status.OPEN
        private set

    // Builds lines.
    constructor(total: Int) : this(total, "nobody")

    init {
        register(this)
    }

    override fun pay(gateway: Gateway): Boolean {
        gateway.charge(total)
        this.log("paid")
        val line = LineItem(total)
        return Helpers.ok(line)
    }

    private fun secret() = 42

    companion object {
        fun create(): Invoice = Invoice(1)
    }

    inner class Line
}

interface Payable {
    fun pay(gateway: Gateway): Boolean
}

data class LineItem(val amount: Int)

enum class Status { OPEN, PAID }

object Registry : Base(0) {
    fun all(): List<Invoice> = emptyList()
}

sealed interface Shape

typealias Money = Long

fun String.shout(): String = uppercase()

fun <T> Invoice.tag(x: T) { println(x) }

internal fun helper() {}

fun calls(x: Foo?) {
    val y = x?.bar(1)
    a.b.c(2)
    super.toString()
    x.let { it.run() }
}
