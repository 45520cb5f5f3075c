import Foundation
import struct Darwin.timeval

/// Maximum retries.
let MAX_RETRIES = 3

/// An invoice.
/// Second line.
public class Invoice: Base, Payable, Codable {
    var total: Int
    private let owner: String
    static let shared = Invoice(total: 0)

    init(total: Int) {
        self.total = total
        super.init()
    }

    deinit {}

    func pay(gateway: Gateway) -> Bool {
        gateway.charge(total)
        self.log("paid")
        let line = LineItem(amount: total)
        return Helpers.ok(line)
    }

    private func secret() -> Int { 42 }

    class Line {}
}

protocol Payable: AnyObject {
    func pay(gateway: Gateway) -> Bool
    var total: Int { get }
}

struct LineItem: Equatable {
    let amount: Int
}

enum Status: String {
    case open, paid
    case refunded(Int)
}

extension Invoice: CustomStringConvertible {
    var description: String { "x" }
    func render() -> String { helper() }
}

typealias Money = Int64

func helper() -> String { return "" }
import struct Darwin.timeval
actor A {}
extension Foo.Bar { func x() { a?.b(); foo.bar.baz() } }
