const std = @import("std");
const mem = std.mem;
const Allocator = std.mem.Allocator;
const util = @import("util.zig");

/// Maximum lines.
pub const max_lines: usize = 10;
var counter: u32 = 0;

/// An invoice.
pub const Invoice = struct {
    total: u64,
    owner: []const u8 = "",

    const Self = @This();

    /// Creates one.
    pub fn init(allocator: Allocator, total: u64) !Self {
        const list = std.ArrayList(u8).init(allocator);
        _ = list;
        return Self{ .total = total };
    }

    pub fn pay(self: *Self, gateway: *Gateway) bool {
        gateway.charge(self.total);
        self.log("paid");
        util.helper();
        std.debug.print("x {}\n", .{helper(1)});
        return true;
    }

    fn log(self: Self, msg: []const u8) void {
        _ = self;
        _ = msg;
    }
};

pub const Status = enum {
    open,
    paid,

    pub fn isOpen(self: Status) bool {
        return self == .open;
    }
};

const Shape = union(enum) {
    circle: f32,
    square: f32,
};

pub const Point = extern struct { x: i32, y: i32 };

pub const Err = error{ Oops, Bad };

fn helper(x: i32) i32 {
    return x + 1;
}

pub fn main() !void {
    var inv = try Invoice.init(std.heap.page_allocator, 3);
    _ = inv.pay(undefined);
}

test "invoice pays" {
    try std.testing.expect(helper(1) == 2);
}

pub extern "c" fn puts(s: [*:0]const u8) c_int;

pub usingnamespace @import("extra.zig");
pub const Parser = @import("parser.zig").Parser;
const Handle = opaque {};
// Not documentation.
pub var verbose = false;
