(* Workload for the differential tests: code as the OCaml native-code
 * compiler makes it, with its own code generator and run-time system,
 * where the other workloads are GCC's and LLVM's: a garbage collector
 * (allocation by a pointer bump in the minor heap, minor and major
 * collections), exceptions raised by a jump to the latest handler saved on
 * the stack, pattern matching over variants compiled to jump tables,
 * closures and partial application, tail calls, unboxed float arrays,
 * hash tables, and the run-time's C functions (polymorphic comparison,
 * hashing, buffers).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 * Build flags: -inline 100
 *)

type expr =
  | Num of int
  | Add of expr * expr
  | Mul of expr * expr
  | Neg of expr
  | Var of string
  | Let of string * expr * expr

exception Unbound of string

let rec eval env = function
  | Num n -> n
  | Add (a, b) -> eval env a + eval env b
  | Mul (a, b) -> eval env a * eval env b mod 1_000_003
  | Neg a -> - eval env a
  | Var name -> (
      match List.assoc_opt name env with
      | Some v -> v
      | None -> raise (Unbound name))
  | Let (name, value, body) -> eval ((name, eval env value) :: env) body

(* A pseudo-random expression of DEPTH, naming variables that may be
   unbound. *)
let rec build state depth =
  state := (!state * 1103515245 + 12345) land 0x3fffffff;
  let r = !state lsr 7 in
  if depth = 0 then
    if r mod 5 = 0 then Var (String.make 1 (Char.chr (97 + (r mod 4))))
    else Num (r mod 100)
  else
    match r mod 4 with
    | 0 -> Add (build state (depth - 1), build state (depth - 1))
    | 1 -> Mul (build state (depth - 1), build state (depth - 1))
    | 2 -> Neg (build state (depth - 1))
    | _ ->
        let name = String.make 1 (Char.chr (97 + (r mod 3))) in
        Let (name, build state (depth - 1), build state (depth - 1))

let rec sum_to acc n = if n = 0 then acc else sum_to (acc + n) (n - 1)

let () =
  let state = ref 42 in
  let unbound = ref 0 and total = ref 0 in
  for _ = 1 to 400 do
    let e = build state 7 in
    try total := !total + eval [] e with Unbound _ -> incr unbound
  done;
  let table = Hashtbl.create 64 in
  for i = 0 to 30_000 do
    let key = Printf.sprintf "k%d" (i * 7919 mod 4093) in
    Hashtbl.replace table key (i + try Hashtbl.find table key with Not_found -> 0)
  done;
  let keys = List.sort compare (Hashtbl.fold (fun k _ acc -> k :: acc) table []) in
  let floats = Array.init 20_000 (fun i -> float_of_int i *. 0.5) in
  let scaled = Array.map (( *. ) 1.000001) floats in
  let dot = ref 0.0 in
  Array.iteri (fun i x -> dot := !dot +. (x *. floats.(i))) scaled;
  let add = ( + ) in
  let add_three = add 3 in
  let buffer = Buffer.create 16 in
  List.iteri (fun i k -> if i < 20 then Buffer.add_string buffer k) keys;
  Gc.full_major ();
  Printf.printf "%d %d %d %s %.3f %d %d\n" !total !unbound (List.length keys)
    (Buffer.contents buffer) !dot (add_three 4)
    (sum_to 0 100_000)
