import ScenographTestSupport

/// A small random model that is valid, for the diagrams: 2–12 scenes of every kind, containers holding later
/// scenes (so that containment has no cycle), and segues of every kind between any scenes — unwinds to actions
/// some scenes implement, embeds of scenes nothing else holds, deprecated kinds, popovers with and without an
/// anchor — and, in one model in two, a flow of random steps (many of which cannot happen: the flow then stops with
/// a flow error, and its diagrams are drawn all the same). What it exercises is layout and rendering, which damaged
/// models rarely reach (an unwind beside a legend made Graphviz 2.43 free a layout twice on one such model in three).
enum RandomModel {
    static func yaml(seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        let count = 2 + random.below(11)
        let names = (0..<count).map { "s\($0)" }
        var held: Set<String> = []
        // Roots of navigation controllers: never navigation controllers themselves (UIKit cannot push one).
        var roots: Set<String> = []
        var lines = ["format: 1", "name: R\(seed)", "initial: s0", "scenes:"]
        var segueNames: [String] = []
        var navigations: [String] = []
        var tabs: [String] = []
        func later(than index: Int) -> [String] { names[(index + 1)...].filter { !held.contains($0) } }
        func take(_ candidates: [String], _ most: Int) -> [String] {
            var pool = candidates, chosen: [String] = []
            while !pool.isEmpty, chosen.count < most { chosen.append(pool.remove(at: random.below(pool.count))) }
            held.formUnion(chosen)
            return chosen
        }
        for (index, name) in names.enumerated() {
            var keys: [String] = []
            let free = later(than: index)
            let kinds = ["content", "table", "collection", "navigation", "tabBar", "split", "page", "container"]
            var kind = random.below(10) < 6 ? random.pick(kinds) : "content"
            // A container needs scenes to hold; without free later ones it is content.
            if free.isEmpty || (kind == "split" && free.count < 2) || (kind == "navigation" && roots.contains(name)) {
                kind = random.pick(["content", "table", "collection"])
            }
            keys.append("kind: \(kind)")
            switch kind {
            case "navigation":
                navigations.append(name)
                let root = take(free, 1)[0]
                roots.insert(root)
                keys.append("root: \(root)")
            case "tabBar":
                let chosen = take(free, 1 + random.below(4))
                tabs += chosen
                keys.append("tabs: [\(chosen.joined(separator: ", "))]")
            case "page": keys.append("pages: [\(take(free, 1 + random.below(3)).joined(separator: ", "))]")
            case "container": keys.append("children: [\(take(free, 1 + random.below(3)).joined(separator: ", "))]")
            case "split":
                let columns = take(free, 2 + random.below(2))
                keys.append("primary: \(columns[0])")
                keys.append("secondary: \(columns[1])")
                if columns.count > 2 { keys.append("supplementary: \(columns[2])") }
                keys.append("style: \(columns.count > 2 ? "tripleColumn" : random.pick(["classic", "doubleColumn"]))")
            default: break
            }
            if random.below(3) == 0 { keys.append("unwindActions: [\(random.pick(["u1", "u1, u2"]))]") }
            if random.below(4) == 0 {
                keys.append("modalPresentationStyle: \(random.pick(["fullScreen", "pageSheet", "formSheet", "overFullScreen", "currentContext"]))")
            }
            if random.below(4) == 0 { keys.append("definesPresentationContext: true") }
            var segues: [String] = []
            for number in 0..<random.below(5) {
                let segueKinds = ["show", "showDetail", "present", "present", "popover", "embed", "unwind", "custom", "push", "modal", "replace"]
                let segueKind = random.pick(segueKinds)
                var fields = ["kind: \(segueKind)"]
                switch segueKind {
                case "embed":
                    let free = later(than: index)
                    guard !free.isEmpty else { continue }
                    fields.append("to: \(take(free, 1)[0])")
                case "unwind":
                    fields.append("action: \(random.pick(["u1", "u2"]))")
                default:
                    fields.append("to: \(random.pick(names))")
                    if segueKind == "custom" { fields.append("class: FadeSegue") }
                    if segueKind == "popover", random.below(2) == 0 { fields.append("anchor: Info button") }
                    if segueKind == "present", random.below(2) == 0 {
                        fields.append("modalPresentationStyle: \(random.pick(["automatic", "formSheet", "overCurrentContext"]))")
                    }
                }
                if segueKind != "embed", random.below(2) == 0 { fields.append("trigger: Button \(number)") }
                segues.append("g\(number): {\(fields.joined(separator: ", "))}")
                if segueKind != "embed" { segueNames.append("\(name).g\(number)") }
            }
            if !segues.isEmpty { keys.append("segues: {\(segues.joined(separator: ", "))}") }
            lines.append("  \(name):")
            lines += keys.map { "    " + $0 }
        }
        if random.below(2) == 0 {
            lines += ["flows:", "  f:", "    steps:"]
            for _ in 0..<(3 + random.below(10)) {
                var choices = ["back", "swipeDown", "dismiss: \(random.pick(names))", "present: \(random.pick(names))",
                               "environment: {width: \(random.pick(["compact", "regular"]))}"]
                if !tabs.isEmpty { choices.append("selectTab: \(random.pick(tabs))") }
                if !segueNames.isEmpty {
                    choices += ["tap: \(random.pick(segueNames))", "tap: \(random.pick(segueNames))", "perform: \(random.pick(segueNames))"]
                }
                if !navigations.isEmpty { choices.append("popToRoot: \(random.pick(navigations))") }
                lines.append("      - " + random.pick(choices))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
