set terminal pngcairo size 900,420 noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid ytics
set xtics rotate by -30
set terminal pngcairo size 1500,460 noenhanced
set output "bench/results/mask-fig12-14.png"
set title "MASK Figs 12-14: weighted speedup of each pair (0-, 1-, 2-HMR, left to right)"
set ylabel "weighted speedup"
plot "bench/results/mask-data/fig12-14.dat" using 2:xtic(1) title "Static", "" using 3 title "PWCache", "" using 4 title "SharedTLB", "" using 5 title "MASK", "" using 6 title "Ideal"
