#ifndef SCENOGRAPH_CGRAPHVIZ_SHIM_H
#define SCENOGRAPH_CGRAPHVIZ_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#include <string.h>
#include <strings.h>

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

/// Bold text, measured. Without a text-layout plugin Graphviz estimates every text's width from its built-in
/// tables, bold or not, so a bold title is drawn about a tenth wider than the box made for it. This text-layout
/// plugin measures bold Helvetica/Arial spans with Helvetica Bold's widths (Adobe's metrics, which Arial Bold and
/// Liberation Sans Bold share) and sets the other fields as Graphviz's estimate does; for every other span it
/// declines, and Graphviz's estimate measures it as before. The widths are a table here, the same on every machine.
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout(0, 0)) scenograph_textlayout_result;

static inline double scenograph_bold_width(const char *text) {
    static const short widths[95] = {
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, /* space to / */
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, /* 0 to ? */
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, /* @ to O */
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, /* P to _ */
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, /* ` to o */
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,      /* p to ~ */
    };
    long units = 0;
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        unsigned char c = *p;
        if (c < 0x80) {
            units += (c >= 0x20 && c <= 0x7E) ? widths[c - 0x20] : 0;
            p += 1;
            continue;
        }
        /* One character of UTF-8: its first byte says how long it is. */
        unsigned long scalar;
        int length;
        if ((c & 0xE0) == 0xC0) { scalar = c & 0x1F; length = 2; }
        else if ((c & 0xF0) == 0xE0) { scalar = c & 0x0F; length = 3; }
        else if ((c & 0xF8) == 0xF0) { scalar = c & 0x07; length = 4; }
        else { p += 1; continue; }
        int i;
        for (i = 1; i < length && (p[i] & 0xC0) == 0x80; i++) scalar = (scalar << 6) | (p[i] & 0x3F);
        p += i;
        if ((scalar >= 0x300 && scalar <= 0x36F) || (scalar >= 0xFE00 && scalar <= 0xFE0F) || (scalar >= 0x200B && scalar <= 0x200D)) continue;
        units += scalar <= 0x24F ? 667 : 1000; /* accented Latin: a wide letter; other scripts: an em */
    }
    return units / 1000.0;
}

static inline scenograph_textlayout_result scenograph_bold_textlayout(textspan_t *span, char **fontpath) {
    if (!span || !span->font || !span->font->name || !(span->font->flags & HTML_BF)) return 0;
    const char *name = span->font->name;
    if (strncasecmp(name, "helvetica", 9) != 0 && strncasecmp(name, "arial", 5) != 0) return 0;
    double size = span->font->size;
    span->size.x = span->str ? scenograph_bold_width(span->str) * size : 0.0;
    span->size.y = size * 1.2; /* Graphviz's LINESPACING */
    span->yoffset_layout = 0.0;
    span->yoffset_centerline = 0.1 * size;
    span->layout = 0;
    span->free_layout = 0;
    if (fontpath) *fontpath = (char *)"[scenograph helvetica bold]";
    return 1;
}

/// The plugin library, for `gvContextPlugins`'s symbol list as `gvplugin_scenograph_bold_LTX_library`.
static inline void *scenograph_bold_text_library(void) {
    static gvtextlayout_engine_t engine = { scenograph_bold_textlayout };
    static gvplugin_installed_t types[] = { { 0, "textlayout", 0, &engine, 0 }, { 0, 0, 0, 0, 0 } };
    static gvplugin_api_t apis[] = { { API_textlayout, types }, { (api_t)0, 0 } };
    static gvplugin_library_t library = { "scenograph_bold", apis };
    return &library;
}

#endif
