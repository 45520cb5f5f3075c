open Printf
open Core.Std
module L = List
include Base

(** Maximum lines. *)
let max_lines = 10

type status = Open | Paid of int

type invoice = {
  total : int;
  mutable owner : string;
}

type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree

exception Unauthorized of string

(** Pays an invoice. *)
let pay gateway inv =
  Gateway.charge gateway inv.total;
  log "paid";
  let x = List.map (fun l -> l + 1) [1; 2] in
  printf "%d\n" (helper 1);
  ignore x;
  true

and log msg = print_endline msg

let rec helper x = if x > 0 then helper (x - 1) else x

module Invoice = struct
  type t = { id : int }
  let create id = { id }
  let show t = Printf.sprintf "%d" t.id
  module Nested = struct
    let deep () = create 1
  end
end

module type PAYABLE = sig
  type t
  val pay : t -> bool
end

module Make (P : PAYABLE) = struct
  let run x = P.pay x
end

class counter = object (self)
  val mutable count = 0
  method incr = count <- count + 1; self#log
  method private log = ()
end

let () =
  let c = new counter in
  c#incr;
  Invoice.Nested.deep () |> ignore

(* Not documentation. *)
let f = function Some x -> x | None -> 0
let h x = x |> succ |> String.length
let i () = print_endline @@ string_of_int 1
external length : string -> int = "caml_ml_string_length"
