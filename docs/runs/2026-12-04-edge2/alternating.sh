#!/bin/bash
# main's and this branch's edge-runtimes.mjs alternately (each builds its own src), node vs workerd at 1 MiB.
out=/work/wt-edge/docs/runs/2026-12-04-edge2
for i in 1 2 3 4 5; do
  for side in main edge2; do
    dir=/work/main; [ $side = edge2 ] && dir=/work/wt-edge
    { echo "== $side run $i"; uptime; date -u; } >> $out/alternating.log
    (cd $dir && node scripts/measure/edge-runtimes.mjs --runtimes node,workerd --inputs 1048576 --algorithms BLAKE3-256,SHA3-256,BLAKE2B-512,MD5 --rounds 5 --json $out/alt-$side-$i.json) >> $out/alternating.log 2>&1
    uptime >> $out/alternating.log
  done
done
echo ALLDONE >> $out/alternating.log
