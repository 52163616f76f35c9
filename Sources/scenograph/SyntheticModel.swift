/// A generated model for benchmarks: `tabs` tabs, each a navigation controller over a chain of `depth` scenes
/// linked by show segues, every scene presenting an editor sheet that unwinds back; flows walk it deterministically.
/// With `crossLinks` n > 0, every n-th scene also shows a scene of the next tab, as real apps link
/// between sections: these long edges make the segue graph's layout much harder.
struct SyntheticModel {
    var tabs: Int
    var depth: Int
    var flows: Int
    var stepsPerFlow: Int
    var crossLinks = 0

    func yaml() -> String {
        var out = "format: 1\nname: Synthetic\ninitial: tabs\nscenes:\n"
        out += "  tabs:\n    kind: tabBar\n    tabs: [" + (0..<tabs).map { "nav\($0)" }.joined(separator: ", ") + "]\n"
        for t in 0..<tabs {
            out += "  nav\(t):\n    kind: navigation\n    root: s\(t)_0\n"
            for d in 0..<depth {
                out += "  s\(t)_\(d):\n    class: Screen\(t)x\(d)ViewController\n    unwindActions: [unwindTo\(t)_\(d)]\n    segues:\n"
                if d + 1 < depth { out += "      next: {kind: show, to: s\(t)_\(d + 1), trigger: Next}\n" }
                if crossLinks > 0, (t * depth + d) % crossLinks == 0 {
                    out += "      jump: {kind: show, to: s\((t + 1) % tabs)_\((d * 7 + 3) % depth), trigger: Jump}\n"
                }
                out += "      edit: {kind: present, to: editNav\(t)_\(d), trigger: Edit}\n"
                out += "  editNav\(t)_\(d):\n    kind: navigation\n    root: edit\(t)_\(d)\n"
                out += "  edit\(t)_\(d):\n    segues:\n      done: {kind: unwind, action: unwindTo\(t)_\(d), trigger: Done}\n"
            }
        }
        out += "flows:\n"
        for f in 0..<flows {
            out += "  walk\(f):\n    steps:\n"
            let tab = f % max(1, tabs)
            if tab != 0 { out += "      - selectTab: nav\(tab)\n" }
            // Push down the chain, present and unwind the editor at each level, then pop back; repeat.
            var written = 0
            var level = 0
            var goingDown = true
            while written < stepsPerFlow {
                if goingDown && level + 1 < depth {
                    out += "      - tap: s\(tab)_\(level).next\n"
                    level += 1
                } else if goingDown {
                    goingDown = false
                    out += "      - tap: s\(tab)_\(level).edit\n"
                    out += "      - tap: edit\(tab)_\(level).done\n"
                    written += 1
                } else if level > 0 {
                    out += "      - back\n"
                    level -= 1
                } else {
                    goingDown = true
                    out += "      - expect: {visible: s\(tab)_0}\n"
                }
                written += 1
            }
        }
        return out
    }
}
