package com.acme.billing

import scala.collection.mutable
import com.acme.core.{Base, Payable => Pay}
import com.acme.util._

/** An invoice.
  * Second line.
  */
class Invoice(val total: Int, owner: String) extends Base with Pay with Serializable {
  val MaxRetries = 3
  private var status: String = "open"

  // Pays it.
  def pay(gateway: Gateway): Boolean = {
    gateway.charge(total)
    this.log("paid")
    val line = new LineItem(total)
    Helpers.ok(line)
  }

  private def secret(): Int = 42
}

object Invoice {
  final val MAX_RETRIES = 3
  def apply(total: Int): Invoice = new Invoice(total, "x")
}

trait Payable extends Any {
  def pay(gateway: Gateway): Boolean
}

case class LineItem(amount: Int)

sealed abstract class Shape

type Money = Long

object Main extends App {
  println(Invoice(3).pay(null))
}

class Calls(x: Int) {
  def f = { a.b.c(1); xs.map(_ + 1); new Box[Int](3); List(1) }
}
