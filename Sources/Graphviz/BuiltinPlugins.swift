import CGraphviz
import Foundation

/// The plugins of the context that measures text with Graphviz's built-in font tables.
///
/// `gvContext()` loads every plugin in Graphviz's list (`config6a`), including the
/// pango text-layout plugin, which measures labels with the fonts installed on the
/// machine: the same DOT then lays out to different SVG bytes on another machine.
/// Without a text-layout plugin Graphviz estimates text widths from its own tables
/// (Times, Helvetica/Arial and Courier), the same everywhere. This loads only the
/// layout plugins and the core renderers (SVG, DOT, JSON, …) from Graphviz's plugin
/// folder, for `gvContextPlugins`.
enum BuiltinPlugins {
    /// The plugin libraries loaded, by the name in `libgvplugin_<name>` and `gvplugin_<name>_LTX_library`.
    /// `neato_layout` provides neato, fdp, sfdp, circo, twopi and nop2; `core` the text formats.
    static let libraries = ["dot_layout", "neato_layout", "core"]

    /// The symbol list for `gvContextPlugins`, terminated by a null entry.
    ///
    /// Allocated once and never freed, like the context that keeps a pointer to it;
    /// the libraries stay loaded for the same reason.
    static func symbolList() throws(GraphvizError) -> UnsafeMutablePointer<lt_symlist_t> {
        let folder = try pluginFolder()
        // Every library first, so that a missing one leaves nothing allocated.
        var addresses: [UnsafeMutableRawPointer] = []
        for library in libraries { addresses.append(try load(library, from: folder)) }
        var entries = zip(libraries, addresses).map { library, address in
            lt_symlist_t(name: UnsafePointer(strdup("gvplugin_\(library)_LTX_library")), address: address)
        }
        // Bold text measured with bold widths (shim.h); every other text with Graphviz's built-in tables.
        entries.append(lt_symlist_t(name: UnsafePointer(strdup("gvplugin_scenograph_bold_LTX_library")), address: scenograph_bold_text_library()))
        entries.append(lt_symlist_t(name: nil, address: nil))
        let list = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: entries.count)
        list.initialize(from: entries, count: entries.count)
        return list
    }

    /// Graphviz's plugin folder: `GraphvizRenderer.pluginFolderOverride` when set (the executable sets it
    /// from `$GVBINDIR`, which Graphviz honours too), else `graphviz/` beside the loaded libgvc, which is where
    /// Graphviz itself looks.
    static func pluginFolder() throws(GraphvizError) -> String {
        if let override = GraphvizRenderer.pluginFolderOverride, !override.isEmpty {
            return override
        }
        guard let file = scenograph_libgvc_path() else {
            throw .pluginUnavailable(library: "gvc", message: "cannot find where libgvc was loaded from")
        }
        var path = String(cString: file)
        if let resolved = realpath(file, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        return (path as NSString).deletingLastPathComponent + "/graphviz"
    }

    /// Opens `libgvplugin_<library>` in `folder` and returns its plugin table.
    private static func load(_ library: String, from folder: String) throws(GraphvizError) -> UnsafeMutableRawPointer {
        // Debian and most Linux builds install `.so.6`; macOS (Homebrew) `.6.dylib`.
        let candidates = ["libgvplugin_\(library).so.6", "libgvplugin_\(library).6.dylib", "libgvplugin_\(library).so"]
        var reasons: [String] = []
        for file in candidates {
            let path = folder + "/" + file
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "dlopen failed for \(path)")
                continue
            }
            guard let table = dlsym(handle, "gvplugin_\(library)_LTX_library") else {
                reasons.append("\(path) has no gvplugin_\(library)_LTX_library")
                dlclose(handle)
                continue
            }
            return table
        }
        if reasons.isEmpty { reasons.append("none of \(candidates.joined(separator: ", ")) is in \(folder)") }
        throw .pluginUnavailable(library: library, message: reasons.joined(separator: "; "))
    }
}
