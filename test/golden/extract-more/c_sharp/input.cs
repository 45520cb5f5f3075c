using System;
using System.Collections.Generic;
using Io = System.IO;
using static System.Math;
global using Acme.Shared;

namespace Acme.Billing;

/// <summary>
/// An invoice with <see cref="Line"/> items.
/// </summary>
[Serializable]
[Table("invoices")]
public class Invoice<T> : BaseEntity, IPayable, IComparable<Invoice<T>> where T : class
{
    public const int MaxLines = 10;
    private readonly List<Line> _lines = new List<Line>();
    internal static int counter, other;

    /// The total.
    public decimal Total { get; private set; }

    public event EventHandler? Paid;

    public delegate void Handler(int x);

    // A plain comment is not documentation.
    public Invoice(string owner) : base(owner)
    {
        Init();
    }

    [Obsolete]
    [HttpPost("pay")]
    public bool Pay(Gateway gateway)
    {
        gateway.Charge(Total);
        this.Log("paid");
        var item = new LineItem(1);
        Helpers.Ok();
        a.b.C();
        Console.WriteLine(Max(1, 2));
        Paid?.Invoke(this, EventArgs.Empty);
        this.list[0].Go();
        GetThing().Then<int>();
        return base.Pay(gateway);
    }

    protected virtual void Log(string m) { }

    private void Secret() => Foo<int>(1);

    public class Line { }

    private class Hidden
    {
        public void Visible() { }
    }

    public string Name => $"{Total}";

    ~Invoice() { Cleanup(); }
}

public interface IPayable : IDisposable
{
    bool Pay(Gateway gateway);
    string Name { get; }
}

public struct Point : IEquatable<Point>
{
    public int X;
    public Point(int x) { X = x; }
    int Local() { int Twice(int a) => a * 2; return Twice(X); }
}

public record Money(decimal Amount, string Currency) : Value(Amount), IValue;

public record struct Pair(int A, int B);

public enum Status
{
    /// Open.
    Open,
    Paid = 2,
}

internal class Worker : Acme.Core.Base<int>
{
    public Point P = new();
    public Worker() { var q = new Acme.Core.Thing<int>(); }
}

class Default : IRunnable { }

static class Text
{
    public static string Pad(this string s, int width = 2, params object[] rest) => s.Pad(width, 1, 2);
}
