library billing;

import 'package:flutter/material.dart';
import 'src/util.dart' as util show helper;
export 'src/model.dart';
part 'invoice.g.dart';

/// Max retries.
const int maxRetries = 3;

/// An invoice.
class Invoice extends Base with Loggable implements Payable {
  final int total;
  String _owner;

  /// Builds it.
  Invoice(this.total, this._owner);

  Invoice.empty() : this(0, '');

  factory Invoice.fromJson(Map json) => Invoice(json['t'], '');

  bool pay(Gateway gateway) {
    gateway.charge(total);
    this.log('paid');
    final line = new LineItem(total);
    Helpers.ok(line);
    return util.helper();
  }

  void _secret() {}

  int get amount => total;
}

abstract class Payable {
  bool pay(Gateway gateway);
}

mixin Loggable on Base {
  void log(String m) => print(m);
}

enum Status { open, paid }

extension InvoiceX on Invoice {
  String describe() => 'x';
}

typedef Callback = void Function(int);

int topLevel(int a) => a * 2;

void calls(Foo? x) {
  x?.bar(1);
  a.b.c(2);
  super.toString();
  const Point(1, 2);
  items.forEach((i) => process(i));
}
