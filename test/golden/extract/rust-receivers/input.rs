use std::fmt;
use std::sync::Arc;

pub struct Ledger {
    entries: Vec<u64>,
}

impl Ledger {
    pub fn new() -> Self {
        Ledger { entries: Vec::new() }
    }

    pub fn put(&mut self, n: u64) {
        self.entries.push(n);
    }

    pub fn merge(&mut self, other: &Self) {
        other.total();
    }

    pub fn total(&self) -> u64 {
        0
    }
}

impl fmt::Display for Ledger {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("ledger")
    }
}

pub trait Sink {
    fn send(&self, n: u64);
}

pub fn record<T: Sink>(ledger: &mut Ledger, shared: Arc<Ledger>, sink: &dyn Sink, generic: T, boxed: Box<dyn Sink>) {
    ledger.put(1);
    shared.total();
    sink.send(2);
    generic.send(3);
    boxed.send(4);
    let mut made = Ledger::new();
    made.put(5);
    let literal = Ledger { entries: vec![] };
    literal.total();
    let declared: Ledger = Default::default();
    declared.total();
    let unknown = build();
    unknown.total();
    let pair = (1, 2);
    let shadow = Ledger::new();
    let shadow = shadow.total();
    shadow.count_ones();
}

fn build() -> Ledger {
    Ledger::new()
}
