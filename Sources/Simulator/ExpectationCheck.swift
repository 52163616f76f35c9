import SceneModel

/// The check of an `expect` step: a pure function of what the flow has come to, so that it
/// cannot change the app it looks at.
enum ExpectationCheck {
    /// The failures of `expectation` against the world and its `state` now and the events and
    /// warnings of `previous` (the last step that acted: not an `expect`, `note` or `set`).
    /// Values name instances exactly (`photo` is the first instance of scene photo).
    static func failures(of expectation: Expectation, in world: World, state: State, previous: StepTrace) -> [Failure] {
        var failures: [Failure] = []
        func fail(_ key: String, _ expected: String, _ actual: String, _ location: SourceLocation) {
            failures.append(Failure(expectation: key, expected: expected, actual: actual, location: location))
        }
        func list(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }
        /// The live instance called `name`, or a failure.
        func instance(_ name: Located<String>, _ key: String) -> Int? {
            guard let i = world.byName[name.value] else {
                fail(key, name.value, "no instance named '\(name.value)' was created in this flow", name.location)
                return nil
            }
            guard world.instances[i].alive else {
                fail(key, name.value, "'\(name.value)' has been destroyed", name.location)
                return nil
            }
            return i
        }

        if let visible = expectation.visible, visible.value != state.visible {
            fail("visible", visible.value, state.visible, visible.location)
        }
        if let chain = expectation.chain, chain.map(\.value) != state.chain {
            fail("chain", list(chain.map(\.value)), list(state.chain), chain.first?.location ?? .unknown)
        }
        for entry in expectation.stacks {
            guard let i = instance(entry.subject, "stacks") else { continue }
            guard world.instances[i].kind == .navigation else {
                fail("stacks", "a navigation controller named '\(entry.subject.value)'", "'\(entry.subject.value)' is \(world.instances[i].kind.rawValue)", entry.subject.location)
                continue
            }
            let actual = world.instances[i].stack.map(world.name)
            let expected = entry.value.map(\.value)
            if actual != expected {
                fail("stacks", "\(entry.subject.value): \(list(expected))", "\(entry.subject.value): \(list(actual))", entry.subject.location)
            }
        }
        for entry in expectation.selected {
            guard let i = instance(entry.subject, "selected") else { continue }
            let actual = world.instances[i].kind == .tabBar ? world.instances[i].selected.map(world.name) ?? "none" : "'\(entry.subject.value)' is not a tab bar controller"
            if actual != entry.value.value {
                fail("selected", "\(entry.subject.value): \(entry.value.value)", "\(entry.subject.value): \(actual)", entry.value.location)
            }
        }
        for entry in expectation.collapsed {
            guard let i = instance(entry.subject, "collapsed") else { continue }
            guard world.instances[i].kind == .split else {
                fail("collapsed", "a split view controller named '\(entry.subject.value)'", "'\(entry.subject.value)' is \(world.instances[i].kind.rawValue)", entry.subject.location)
                continue
            }
            if world.instances[i].collapsed != entry.value {
                fail("collapsed", "\(entry.subject.value): \(entry.value)", "\(entry.subject.value): \(world.instances[i].collapsed)", entry.subject.location)
            }
        }
        for entry in expectation.styles {
            guard let presentation = state.presentation(of: entry.subject.value) else {
                fail("styles", "\(entry.subject.value): \(entry.value.value.rawValue)", "'\(entry.subject.value)' is not presented", entry.subject.location)
                continue
            }
            if presentation.style != entry.value.value {
                fail("styles", "\(entry.subject.value): \(entry.value.value.rawValue)", "\(entry.subject.value): \(presentation.style.rawValue)", entry.value.location)
            }
        }

        let happened = previous.events.map { Self.normalize($0.text) }
        var position = 0
        var last: (name: String, index: Int)?
        for event in expectation.events {
            let wanted = Self.normalize(event.value)
            if let found = happened[position...].firstIndex(of: wanted) {
                position = found + 1
                last = (wanted, found)
            } else {
                let after = last.map { " after '\($0.name)'" } ?? ""
                // Events are numbered from 1, as a person counts them in the list that follows.
                let occurrences = happened.indices.filter { happened[$0] == wanted }
                let occurred: String
                if occurrences.isEmpty {
                    occurred = "it does not occur"
                } else if let last, last.name == wanted {
                    // Expected again after itself: it happens fewer times than expected.
                    occurred = occurrences.count == 1 ? "it occurs once (event \(occurrences[0] + 1))"
                        : "it occurs \(occurrences.count) times, the last as event \((occurrences.last ?? 0) + 1)"
                } else if let last, let earlier = occurrences.last {
                    occurred = "'\(wanted)' is event \(earlier + 1), before '\(last.name)' (event \(last.index + 1))"
                } else {
                    occurred = "it occurs"
                }
                fail("events", "'\(wanted)'\(after) in step \(previous.index)",
                     "\(occurred); step \(previous.index) events: \(Self.numbered(happened))", event.location)
                break
            }
        }
        for event in expectation.noEvents {
            let unwanted = Self.normalize(event.value)
            if happened.contains(unwanted) {
                fail("noEvents", "no '\(unwanted)' in step \(previous.index)", "'\(unwanted)' occurs", event.location)
            }
        }
        for warning in expectation.warnings where !previous.warnings.contains(where: { $0.contains(warning.value) }) {
            fail("warnings", "a warning containing '\(warning.value)' in step \(previous.index)",
                 previous.warnings.isEmpty ? "no warnings" : list(previous.warnings), warning.location)
        }
        return failures
    }

    /// A step's events numbered from 1, the first 20 of them: `[1 B: init(coder:), 2 B: viewDidLoad(), … 14 more]`.
    static func numbered(_ events: [String]) -> String {
        let shown = events.prefix(20).enumerated().map { "\($0.offset + 1) \($0.element)" }
        return "[" + (shown + (events.count > 20 ? ["… \(events.count - 20) more"] : [])).joined(separator: ", ") + "]"
    }

    /// `receiver: call` with single spaces, as `Event.text` writes it.
    static func normalize(_ text: String) -> String {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return text.trimmingSpaces }
        return String(parts[0]).trimmingSpaces + ": " + String(parts[1]).trimmingSpaces
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars = scalars.dropFirst() }
        while scalars.last == " " { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
