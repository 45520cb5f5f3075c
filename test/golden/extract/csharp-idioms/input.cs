using System;

namespace Demo.Shapes
{
    public delegate void Changed(object sender);

    public record Point(int X, int Y);

    public record struct Size(int Width, int Height);

    public interface IShape
    {
        double Area { get; }
        event Changed OnChanged;
        double Scale(double factor);
    }

    public static class ShapeExtensions
    {
        public static string Describe(this IShape shape) => $"area {shape.Area}";
    }

    public class Square : IShape
    {
        public const int Sides = 4;
        private double side;

        public event Changed OnChanged;
        public event EventHandler Resized { add { } remove { } }

        public double Area => side * side;

        public double Side
        {
            get { return side; }
            set { side = value; }
        }

        public string this[int index] => index.ToString();

        public Square(double side) { this.side = side; }

        public double Scale(double factor)
        {
            double Clamp(double v) => Math.Max(0, v);
            return Clamp(side * factor);
        }

        public static Square operator +(Square a, Square b) => new Square(a.side + b.side);

        ~Square() { }

        public enum Kind { Plain, Rounded }

        public struct Corner { public int X; }
    }
}
