/*
 * nbhd.h - requests inside the IOMMU counted by neighbourhood, every level: the MICRO'18
 * Fig 5/6 measurement (docs/isca18-micro18.md §6). C-only: it measures, it decides nothing.
 * A request enters with its VA and its ASID above bit 47, so address spaces never share
 * a neighbourhood.
 */
#ifndef XLAT_IOMMU_NBHD_H
#define XLAT_IOMMU_NBHD_H

#include <stdint.h>

/* Requests inside the IOMMU (buffered or being walked) counted by neighbourhood: the
 * MICRO'18 Fig 5/6 measurement (docs/isca18-micro18.md §6) asks, for every page-table read, whether
 * another request shares its neighbourhood. One node per level-L neighbourhood with a
 * request inside, found by key in the level's hash chains; a node links to the node of
 * its enclosing level-(L+1) neighbourhood and each request keeps its level-1 node
 * (l2m_t.nbhd), so an arrival looks up only the levels where it is the first request
 * and a departure none. A level holds at most as many nodes as requests inside, at most
 * buffer_entries + walkers (an arrival is taken only into a free buffer slot), so one
 * pool of four times that never runs out. C-only. */
typedef struct {
    uint64_t key;
    uint32_t cnt;            /* requests inside the IOMMU in this neighbourhood */
    uint32_t next;           /* next node of its hash chain, or of the free list */
    uint32_t up;             /* the enclosing neighbourhood's node, NONE at level 4 */
} nbnode_t;

typedef struct {
    uint32_t mask, free;     /* bucket index mask; free list head */
    uint32_t *bucket[5];     /* [L]: the level-L hash chains */
    nbnode_t *node;
} nbhd_t;
int nbhd_init(nbhd_t *nb, uint32_t n);
void nbhd_free(nbhd_t *nb);
uint32_t nbhd_count(const nbhd_t *nb, uint32_t i, unsigned lv);
uint32_t nbhd_enter(nbhd_t *nb, uint64_t va);
void nbhd_leave(nbhd_t *nb, uint32_t i);

#endif
