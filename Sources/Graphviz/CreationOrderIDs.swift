import CGraphviz
import Foundation

/// An ID discipline for cgraph that numbers objects in the order they are created.
///
/// Graphviz's default discipline uses the address of an object's name string as its
/// ID, and iterates subgraphs (clusters) in ID order. Once earlier renders have
/// churned the heap, the same DOT text lays out its clusters in another order and
/// the SVG bytes change. Here named objects get even IDs (2, 4, …) and anonymous
/// ones odd IDs (1, 3, …), both counted per root graph. Names are kept as cgraph
/// reference-counted strings (`agstrdup`: `agwrite` expects names to be those),
/// released when the graph closes.
///
/// Installed into `AgIdDisc` (which `agmemread` uses) before the first graph of the
/// process exists, with the session's lock held.
enum CreationOrderIDs {
    /// Per-root-graph state, handed to cgraph as `void *`.
    final class Table {
        /// The root graph, whose string dictionary holds the names.
        let graph: UnsafeMutablePointer<Agraph_t>?
        var idsByName: [String: IDTYPE] = [:]
        var namesByID: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]
        var nextNamed: IDTYPE = 2
        var nextAnonymous: IDTYPE = 1

        init(graph: UnsafeMutablePointer<Agraph_t>?) { self.graph = graph }

        /// Called by `agclose` before it closes the string dictionary.
        func releaseNames() {
            for id in namesByID.keys.sorted() {
                if let name = namesByID[id] { releaseName(agstrfree, graph, name) }
            }
            namesByID = [:]
        }

        static func from(_ state: UnsafeMutableRawPointer?) -> Table? {
            state.map { Unmanaged<Table>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    nonisolated(unsafe) private static var installed = false

    static func install() {
        guard !installed, let discipline = scenograph_default_id_discipline() else { return }
        installed = true
        discipline.pointee.open = { graph, _ in
            UnsafeMutableRawPointer(Unmanaged.passRetained(Table(graph: graph)).toOpaque())
        }
        discipline.pointee.map = { state, _, name, id, create in
            guard let table = Table.from(state), let id else { return 0 }
            guard let name else {
                id.pointee = table.nextAnonymous
                table.nextAnonymous += 2
                return 1
            }
            let key = String(cString: name)
            if let existing = table.idsByName[key] {
                id.pointee = existing
                return 1
            }
            guard create != 0, let copy = agstrdup(table.graph, name) else { return 0 }
            let assigned = table.nextNamed
            table.nextNamed += 2
            table.idsByName[key] = assigned
            table.namesByID[assigned] = copy
            id.pointee = assigned
            return 1
        }
        // Callers may not choose IDs, as with the default discipline.
        discipline.pointee.alloc = { _, _, _ in 0 }
        // Names stay in the table until the graph closes.
        discipline.pointee.free = { _, _, _ in }
        discipline.pointee.print = { state, _, id in
            guard id % 2 == 0, let table = Table.from(state) else { return nil }
            return table.namesByID[id]
        }
        discipline.pointee.close = { state in
            guard let state else { return }
            let table = Unmanaged<Table>.fromOpaque(state)
            table.takeUnretainedValue().releaseNames()
            table.release()
        }
    }
}

// `agstrfree` takes `char *` in Graphviz 2.x, `const char *` later, and an
// `is_html` flag since Graphviz 10; the overload matching the header is chosen.
private func releaseName(_ release: (UnsafeMutablePointer<Agraph_t>?, UnsafeMutablePointer<CChar>?) -> Int32,
                         _ graph: UnsafeMutablePointer<Agraph_t>?, _ name: UnsafeMutablePointer<CChar>) {
    _ = release(graph, name)
}

private func releaseName(_ release: (UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?) -> Int32,
                         _ graph: UnsafeMutablePointer<Agraph_t>?, _ name: UnsafeMutablePointer<CChar>) {
    _ = release(graph, name)
}

private func releaseName(_ release: (UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?, Bool) -> Int32,
                         _ graph: UnsafeMutablePointer<Agraph_t>?, _ name: UnsafeMutablePointer<CChar>) {
    _ = release(graph, name, false)
}
