#ifndef SCENOGRAPH_CGRAPHVIZ_SHIM_H
#define SCENOGRAPH_CGRAPHVIZ_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// cgraph's default ID discipline, which `agmemread` uses. Swift 6 rejects direct
/// references to a mutable C global, so the renderer reaches it through this pointer
/// (always with its lock held).
static inline Agiddisc_t *scenograph_default_id_discipline(void) { return &AgIdDisc; }

/// The file of the loaded libgvc (e.g. `/usr/lib/x86_64-linux-gnu/libgvc.so.6`), whose
/// `graphviz/` folder holds Graphviz's plugins; NULL when the loader cannot tell.
static inline const char *scenograph_libgvc_path(void) {
    Dl_info info;
    if (dladdr((const void *)&gvContext, &info) == 0) return 0;
    return info.dli_fname;
}

#endif
