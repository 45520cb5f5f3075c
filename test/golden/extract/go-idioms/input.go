// Package shapes shows Go's definition idioms.
package shapes

import "fmt"

// Unit is a defined type over a basic one.
type Unit int

// Alias names another type.
type Alias = fmt.Stringer

type (
	// Point is a struct in a group.
	Point struct{ X, Y int }
	// Handler is a function type in a group.
	Handler func(p Point) error
	// Shape is an interface in a group.
	Shape interface {
		fmt.Stringer
		Area() float64
		Scale(f float64) Shape
	}
)

// Limit is a package constant.
const Limit = 10

const (
	Small Unit = iota
	Large
)

var (
	// Default is a package variable.
	Default = Point{1, 2}
	onError = func(err error) { fmt.Println(err) }
)

// Area computes the area.
func (p Point) Area() float64 { return float64(p.X * p.Y) }

func (p *Point) Scale(f float64) Shape { return p }

// String makes Point a Stringer.
func (p Point) String() string { return fmt.Sprint(p.X, p.Y) }

// Map is generic.
func Map[T any, U any](xs []T, f func(T) U) []U { return nil }

type List[T any] struct{ items []T }

func (l *List[T]) Push(v T) { l.items = append(l.items, v) }

func use() {
	area := Default.Area
	_ = area
}
