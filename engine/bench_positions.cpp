#include "bench_positions.h"

namespace tsubame {

const char* const BENCH_POSITIONS[] = {
    "startpos",
    "startpos moves 2g2f 8c8d 6i7h 8d8e 2f2e 4a3b 3i3h 7a7b 1g1f 1c1d 9g9f 8e8f 8g8f 8b8f P*8g "
    "8f8b 2e2d 2c2d 2h2d P*2c 2d2h 7b8c 7g7f 8c7d 7i6h 9c9d 8i7g 3c3d 3h2g 2b4d 4g4f 5c5d 2g3f "
    "2a3c 5g5f 3a4b",
    "startpos moves 7g7f 8c8d 2g2f 4a3b 6i7h 8d8e 8h7g 3c3d 7i8h 2b7g+ 8h7g 3a2b 3i4h 7a6b 2f2e "
    "2b3c 4g4f 6c6d 3g3f 7c7d 1g1f 8a7c 5i6h 5a4b 4h4g 1c1d 9g9f 9c9d 2i3g 8b8a 4i4h 6b6c 2h2i "
    "6a6b 4g5f 6c5d",
    "startpos moves 7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h 4a3b 2f2e 3a4b 2e2d 2c2d 2h2d 4b3c 2d2h "
    "P*2c 6i7h 7a6b 7g6h 7c7d 3i4h 5c5d 3g3f 5a4a 8h7g 6a5b 4i5h 6c6d 5i6i 8a7c 6i7i 1c1d 9g9f "
    "9c9d 4h3g 6d6e",
    "startpos moves 7g7f 8c8d 6i7h 8d8e 2g2f 8e8f 8g8f 8b8f 2f2e 4a3b 2e2d 2c2d 2h2d P*2c 2d2f "
    "1c1d 3i3h 8f8b P*8g 3c3d 1g1f 7a7b P*2d 2b8h+ 7i8h 2c2d 2f2d 3a2b 2d2h P*2c 9g9f 6c6d 3g3f "
    "7b6c 4g4f 7c7d",
    "startpos moves 2g2f 8c8d 7g7f 4a3b 6i7h 8d8e 8h7g 3c3d 7i8h 4c4d 2f2e 2b3c 3i4h 3a4b 7g6h "
    "7c7d 5g5f 7a6b 4i5h 4b4c 5i6i 6a5b 6h4f 8a7c 7f7e 7d7e 2e2d 3c2d 4f2d 2c2d 2h2d P*2c 2d2h "
    "5a4b P*7d 2a3c",
    "startpos moves 2g2f 8c8d 6i7h 8d8e 2f2e 4a3b 3i3h 7a7b 5i6h 1c1d 9g9f 8e8f 8g8f 8b8f P*8g "
    "8f8b 7g7f 3c3d 3g3f 6c6d 2e2d 2c2d 2h2d 7b6c 2i3g P*2c 2d2i 6a5b 4g4f 6c5d 8h2b+ 3a2b 7h7g "
    "3d3e 3h4g B*7d",
    "startpos moves 7g7f 8c8d 2g2f 8d8e 2f2e 4a3b 8h7g 3c3d 7i7h 2b7g+ 7h7g 3a2b 3i4h 2b3c 4g4f "
    "7a6b 6i7h 7c7d 4h4g 9c9d 9g9f 1c1d 1g1f 6c6d 3g3f 8a7c 6g6f 6b6c 2i3g 8b8a 5i6h 5a4b 4i4h "
    "6a6b 4g5f 6c5d",
    "startpos moves 2g2f 8c8d 7g7f 8d8e 2f2e 4a3b 8h7g 3c3d 6g6f 2b3c 4i5h 7a6b 3i4h 3a4b 7i7h "
    "4c4d 5i6h 7c7d 3g3f 4b4c 6h7i 6a5b 5h6g 5a4a 4h3g 3c4b 3g4f 3b3c 7g6h 5c5d 5g5f 9c9d 5f5e "
    "5d5e 4f5e 4a3b",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "sfen l+Rl2g2+R/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/1G3P+n2/Kp2P4/L8 b S4Pbgsnp 1",
    "sfen l+Rl2+R3/3k1s2+L/p1p1p4/2Ppnp1S1/4n1Pbp/PP2G4/KG3P+n2/1p2P4/Ls7 w GS4Pbgnp 1",
    "sfen 4k4/4g4/9/4L4/9/9/9/4K4/9 w - 1",
    "sfen kn7/9/9/1NN6/9/9/9/9/9 b P 1",
    "sfen 2k1+N4/l2s5/r+P3pb1s/4P1s1l/g1Pn1P1NL/p2ppg1p1/N5+p+pp/LBG1+p2P1/2+p3KGR w S3p 120",
    "sfen 5p1k1/ls1s1bp2/2+NggNnp1/2+P1P1PPL/5N3/rp2G2R1/l1G1BP3/+pP3KS2/8P w S5Plp 138",
    "sfen 1+P3Gb2/l2b2g1l/+L1+P+P1ppkn/r3pP3/4P1Pp1/1pp2KR1p/+p+n+pn1S2G/2+n+pS4/7SL b gs2p 141",
    "sfen 2pgkg1n1/2r1s2bl/2+P2sn2/lpNppP3/1P2S1Pp1/P2S1L1Pp/3PP3L/2PBG4/+pN1K1GR2 w Pp 100",
    "sfen 2+Ns1g3/n2gr1sb1/4k3N/P5Pp1/1pPp1p1Pl/L2SpLp1p/2B3N1R/p2K1G2L/2G3S2 b 3P3p 99",
    "sfen 1n5n1/2gkPsg2/lr3+Pb2/pPspp3l/P1PP3PP/8p/N1BGS1+ppL/L3RGPS1/1N1K5 w 2Pp 92",
    "sfen 1n6l/lsg2sgb1/p1rk4p/2Pp1pPpP/1p3n3/PP1PPPpPL/L1K1+p4/4S4/1RB1GGSN1 w np 60",
    "sfen 2p1g1b1l/s3kPpns/2P6/3P1gP2/pp2P2np/lP3pRpR/1+pBpK1NPP/L3N1G1L/P2SGS3 b - 117",
    "sfen n3g4/1rk2sn1+P/+P2s+P1NG1/1P1ppL3/2p2P1p1/L2b2p2/1+pG2+p2S/5G2+p/2SbK1R1P w n2l4p 114",
    "sfen k2G5/9/K8/9/N8/9/9/9/9 b 2r2b3g4s3n4l18p 1",
    "sfen 6+R2/1+B2k1n2/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 b GNL4Psl4p 105",
    "sfen 4k4/1+B4n+R1/4p1Sp1/2pps1l1g/1p3PR2/2P6/1GNPP+pN2/3S5/1+lBKG4 b GNL4Psl4p 1",
    "sfen ln1r4l/3k1gp2/pS1p1+P1+R1/6L1p/1pPP2S2/2S3P2/PP2p1+b1P/3K5/+b7L w 2GSN3Pg2n2p 118",
    "sfen l3k3l/1r1sg1B2/3p2+R1p/2p1pN2P/9/pPP1PP3/3PK1P2/2G1sg3/LNS2+n1NL b 5Pbgsp 69",
    "sfen +B+R5n1/5gk2/p1pps1gp1/4ppnsK/6pP1/1PPSP3L/PR1P1PP2/6S2/L2G1G3 w B2N2LP2p 1",
};
const int BENCH_POSITION_COUNT = int(sizeof(BENCH_POSITIONS) / sizeof(BENCH_POSITIONS[0]));

} // namespace tsubame
