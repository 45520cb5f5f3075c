// Package demo does things.
package demo

import (
	"fmt"
	str "strings"
	_ "embed"
	. "math"
	"github.com/x/y/v2"
)

// MaxSize is the cap.
const MaxSize = 10

var (
	count int
	Name  = "x"
)

// Server serves.
type Server struct {
	Base
	*Other
	addr string
	Port int
}

type Handler interface {
	io.Reader
	Serve(x int) error
}

type ID = string
type Count int

// Start starts.
func (s *Server) Start(ctx context.Context) error {
	fmt.Println("x")
	s.listen()
	v := Config{Port: 1}
	p := &pkg.Thing{}
	return str.ToUpper(v)
}

func helper[T any](x T) T { return x }
