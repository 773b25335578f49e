(module
  ;; The nearest-neighbour scan of `VectorMatrix` (src/store/vector-matrix.ts), four f32 lanes at a time. Its bytes
  ;; are in src/store/scan-kernel.ts: after a change here run `bash scripts/scan-kernel.sh` (needs Debian's `wabt`).
  ;; Memory holds the matrix column by column (dimension j's `n4` values from data + 4·j·n4), the query's non-zero
  ;; dimensions (`at`, i32) and their weights (`w`, f32), and `dot` (n4 f32), which `scan` overwrites with
  ;; Σ_t w[t] · column(at[t]). `n4` is the row count rounded up to a multiple of 4; the padding rows, from
  ;; the row count up to `n4`, are zeros.
  (import "env" "memory" (memory 1))
  (func (export "scan") (param $data i32) (param $n4 i32) (param $at i32) (param $w i32) (param $k i32) (param $dot i32)
    (local $t i32) (local $p i32) (local $end i32) (local $stride i32)
    (local $c0 i32) (local $c1 i32) (local $c2 i32) (local $c3 i32)
    (local $w0 v128) (local $w1 v128) (local $w2 v128) (local $w3 v128)
    (local.set $stride (i32.shl (local.get $n4) (i32.const 2)))
    (local.set $end (i32.add (local.get $dot) (local.get $stride)))
    ;; dot = 0
    (local.set $p (local.get $dot))
    (block $z (loop $zl
      (br_if $z (i32.ge_u (local.get $p) (local.get $end)))
      (v128.store (local.get $p) (v128.const i32x4 0 0 0 0))
      (local.set $p (i32.add (local.get $p) (i32.const 16)))
      (br $zl)))
    ;; four columns a pass over dot
    (block $d4 (loop $l4
      (br_if $d4 (i32.gt_u (i32.add (local.get $t) (i32.const 4)) (local.get $k)))
      (local.set $c0 (call $column (local.get $data) (local.get $stride) (local.get $at) (local.get $t)))
      (local.set $c1 (call $column (local.get $data) (local.get $stride) (local.get $at) (i32.add (local.get $t) (i32.const 1))))
      (local.set $c2 (call $column (local.get $data) (local.get $stride) (local.get $at) (i32.add (local.get $t) (i32.const 2))))
      (local.set $c3 (call $column (local.get $data) (local.get $stride) (local.get $at) (i32.add (local.get $t) (i32.const 3))))
      (local.set $w0 (call $weight (local.get $w) (local.get $t)))
      (local.set $w1 (call $weight (local.get $w) (i32.add (local.get $t) (i32.const 1))))
      (local.set $w2 (call $weight (local.get $w) (i32.add (local.get $t) (i32.const 2))))
      (local.set $w3 (call $weight (local.get $w) (i32.add (local.get $t) (i32.const 3))))
      (local.set $p (local.get $dot))
      (block $r4 (loop $i4
        (br_if $r4 (i32.ge_u (local.get $p) (local.get $end)))
        (v128.store (local.get $p)
          (f32x4.add (v128.load (local.get $p))
            (f32x4.add
              (f32x4.add (f32x4.mul (local.get $w0) (v128.load (local.get $c0))) (f32x4.mul (local.get $w1) (v128.load (local.get $c1))))
              (f32x4.add (f32x4.mul (local.get $w2) (v128.load (local.get $c2))) (f32x4.mul (local.get $w3) (v128.load (local.get $c3)))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $c0 (i32.add (local.get $c0) (i32.const 16)))
        (local.set $c1 (i32.add (local.get $c1) (i32.const 16)))
        (local.set $c2 (i32.add (local.get $c2) (i32.const 16)))
        (local.set $c3 (i32.add (local.get $c3) (i32.const 16)))
        (br $i4)))
      (local.set $t (i32.add (local.get $t) (i32.const 4)))
      (br $l4)))
    ;; the last columns one by one
    (block $d1 (loop $l1
      (br_if $d1 (i32.ge_u (local.get $t) (local.get $k)))
      (local.set $c0 (call $column (local.get $data) (local.get $stride) (local.get $at) (local.get $t)))
      (local.set $w0 (call $weight (local.get $w) (local.get $t)))
      (local.set $p (local.get $dot))
      (block $r1 (loop $i1
        (br_if $r1 (i32.ge_u (local.get $p) (local.get $end)))
        (v128.store (local.get $p)
          (f32x4.add (v128.load (local.get $p)) (f32x4.mul (local.get $w0) (v128.load (local.get $c0)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (local.set $c0 (i32.add (local.get $c0) (i32.const 16)))
        (br $i1)))
      (local.set $t (i32.add (local.get $t) (i32.const 1)))
      (br $l1)))
  )
  ;; where column at[t] starts
  (func $column (param $data i32) (param $stride i32) (param $at i32) (param $t i32) (result i32)
    (i32.add (local.get $data)
      (i32.mul (i32.load (i32.add (local.get $at) (i32.shl (local.get $t) (i32.const 2)))) (local.get $stride))))
  ;; w[t] in every lane
  (func $weight (param $w i32) (param $t i32) (result v128)
    (f32x4.splat (f32.load (i32.add (local.get $w) (i32.shl (local.get $t) (i32.const 2))))))
)
