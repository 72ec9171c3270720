// Workload for the differential tests: code as Free Pascal makes it, with
// its own code generator, run-time library and debugging information, where
// the other workloads are GCC's and LLVM's: its exceptions (a frame pushed
// and a setjmp-like buffer saved at every try, raise through nested try,
// finally and except), reference-counted strings copied on write, dynamic
// arrays, classes called through their virtual method tables, sets, a
// case statement over many values, 80-bit x87 arithmetic (Pascal's
// extended type, which this compiler keeps in x87 registers), 64-bit
// division and a sort over records.  The program links no C library.
//
// SPDX-License-Identifier: GPL-2.0-or-later
// Build flags: -O2
program pascal;

{$mode objfpc}{$H+}

uses
   sysutils;

type
   TShape = class
      function Area: extended; virtual; abstract;
      function Name: string; virtual;
   end;

   TRectangle = class(TShape)
      Width, Height: extended;
      constructor Create(w, h: extended);
      function Area: extended; override;
      function Name: string; override;
   end;

   TCircle = class(TShape)
      Radius: extended;
      constructor Create(r: extended);
      function Area: extended; override;
   end;

   TEntry = record
      Key: longint;
      Text: string;
   end;

   ENotFound = class(Exception);

   TLetters = set of 'a'..'z';

function TShape.Name: string;
begin
   Result := 'shape';
end;

constructor TRectangle.Create(w, h: extended);
begin
   Width := w;
   Height := h;
end;

function TRectangle.Area: extended;
begin
   Result := Width * Height;
end;

function TRectangle.Name: string;
begin
   Result := 'rectangle';
end;

constructor TCircle.Create(r: extended);
begin
   Radius := r;
end;

function TCircle.Area: extended;
begin
   Result := pi * Radius * Radius;
end;

{ Sorts ENTRIES[LOW..HIGH] by key, then text. }
procedure SortEntries(var entries: array of TEntry; low, high: longint);
var
   i, j: longint;
   pivot, swap: TEntry;
begin
   i := low;
   j := high;
   pivot := entries[(low + high) div 2];
   repeat
      while (entries[i].Key < pivot.Key) or
            ((entries[i].Key = pivot.Key) and (entries[i].Text < pivot.Text)) do
         inc(i);
      while (entries[j].Key > pivot.Key) or
            ((entries[j].Key = pivot.Key) and (entries[j].Text > pivot.Text)) do
         dec(j);
      if i <= j then begin
         swap := entries[i];
         entries[i] := entries[j];
         entries[j] := swap;
         inc(i);
         dec(j);
      end;
   until i > j;
   if low < j then
      SortEntries(entries, low, j);
   if i < high then
      SortEntries(entries, i, high);
end;

function Find(const entries: array of TEntry; key: longint): string;
var
   i: longint;
begin
   for i := 0 to high(entries) do
      if entries[i].Key = key then
         exit(entries[i].Text);
   raise ENotFound.CreateFmt('no key %d', [key]);
end;

function Classify(n: longint): longint;
begin
   case n mod 13 of
      0: Result := 7;
      1, 2: Result := n div 3;
      3: Result := -n;
      4..6: Result := n xor 85;
      7: Result := n shl 2;
      8: Result := n and 255;
      9: Result := 1;
      10: Result := n * n mod 97;
   else
      Result := 0;
   end;
end;

var
   shapes: array of TShape;
   entries: array of TEntry;
   letters: TLetters;
   text, copied: string;
   total, sum: extended;
   state, quotient: int64;
   i, caught, finished, classified: longint;
   c: char;
begin
   SetLength(shapes, 300);
   for i := 0 to high(shapes) do
      if i mod 3 = 0 then
         shapes[i] := TCircle.Create(i / 7)
      else
         shapes[i] := TRectangle.Create(i / 3, i / 5);
   total := 0;
   for i := 0 to high(shapes) do
      total := total + shapes[i].Area;
   text := '';
   for i := 0 to 40 do
      text := text + shapes[i].Name[1];

   SetLength(entries, 2000);
   state := 12345;
   for i := 0 to high(entries) do begin
      state := (state * 1103515245 + 12345) mod 2147483648;
      entries[i].Key := state mod 500;
      entries[i].Text := IntToStr(state mod 1000);
   end;
   SortEntries(entries, 0, high(entries));

   { Each string copied, then changed: the copy gets its own text. }
   copied := text;
   copied[1] := 'X';

   caught := 0;
   finished := 0;
   for i := 0 to 199 do
      try
         try
            text := text + Find(entries, i * 3);
         finally
            inc(finished);
         end;
      except
         on e: ENotFound do
            inc(caught);
      end;

   letters := [];
   for c in copied do
      if c in ['a'..'z'] then
         include(letters, c);

   classified := 0;
   quotient := 0;
   sum := 1;
   for i := 1 to 20000 do begin
      classified := classified + Classify(i);
      quotient := quotient + (int64(i) * 1000003) div (i mod 17 + 3);
      sum := sum + 1 / (extended(i) * i);
   end;

   writeln(total:0:3, ' ', length(text), ' ', copied[1], text[1], ' ', caught, '/', finished,
           ' ', 'c' in letters, ' ', classified, ' ', quotient, ' ', sum:0:12);
   for i := 0 to high(shapes) do
      shapes[i].Free;
end.
