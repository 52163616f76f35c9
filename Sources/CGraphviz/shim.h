#ifndef SCENOGRAPH_CGRAPHVIZ_SHIM_H
#define SCENOGRAPH_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// cgraph's default ID discipline, which `agmemread` uses. Swift 6 rejects direct
/// references to a mutable C global, so the renderer reaches it through this pointer
/// (always with its lock held).
static inline Agiddisc_t *scenograph_default_id_discipline(void) { return &AgIdDisc; }

#endif
