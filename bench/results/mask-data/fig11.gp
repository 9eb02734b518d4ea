set terminal pngcairo size 900,420 noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid ytics
set xtics rotate by -30
set output "bench/results/mask-fig11.png"
set title "MASK Fig 11: weighted speedup by category (SharedTLB-alone reference)"
set ylabel "weighted speedup"
plot "bench/results/mask-data/fig11.dat" using 2:xtic(1) title "0-HMR", "" using 3 title "1-HMR", "" using 4 title "2-HMR", "" using 5 title "all"
