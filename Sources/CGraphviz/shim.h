#ifndef SCENOGRAPH_CGRAPHVIZ_SHIM_H
#define SCENOGRAPH_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
