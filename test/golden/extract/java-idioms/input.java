package demo.shapes;

import java.util.function.Function;

/** A marker annotation type. */
@interface Shaped {
    String value() default "";
}

/** An immutable point. */
public record Point(int x, int y) implements Comparable<Point> {
    public Point {
        if (x < 0) throw new IllegalArgumentException();
    }

    static Point origin() { return new Point(0, 0); }

    @Override
    public int compareTo(Point o) { return Integer.compare(x, o.x); }
}

enum Color {
    RED("r") {
        @Override String code() { return "R"; }
    },
    GREEN("g");

    private final String tag;

    Color(String tag) { this.tag = tag; }

    String code() { return tag; }
}

interface Shape {
    int SIDES = 0;
    double area();
    default String describe() { return "shape"; }
    static Shape unit() { return () -> 1.0; }
}

@Shaped("square")
public class Square implements Shape {
    public static final Function<Integer, Integer> DOUBLE = x -> x * 2;
    private final Runnable onChange = () -> System.out.println("changed");
    private double side;

    public Square(double side) { this.side = side; }

    @Override
    public double area() { return side * side; }

    static class Builder {
        Square build() { return new Square(1); }
    }

    Runnable listener() {
        return new Runnable() {
            @Override
            public void run() { }
        };
    }
}
