import Foundation

/// Describes the control behind a segue ("Done button", "Photo cell selection") in the words a reader of the docs uses.
enum StoryboardTriggers {
    /// The trigger of a segue held by `owner`'s connections; `nil` for a manual segue (held by the view controller).
    static func trigger(owner: StoryboardElement, segue: StoryboardElement, isController: Bool) -> String? {
        if isController { return nil }
        switch owner.name {
        case "tableViewCell", "collectionViewCell":
            return describe(owner) + (segue["trigger"] == "accessoryAction" ? " accessory button" : " selection")
        default:
            return describe(owner)
        }
    }

    /// A short readable name for a control, bar button item, gesture recognizer or view.
    static func describe(_ element: StoryboardElement) -> String {
        let noun = self.noun(for: element.name)
        switch element.name {
        case "tableViewCell", "collectionViewCell":
            return cellName(element).map { "\($0) cell" } ?? "cell"
        default:
            guard let label = label(of: element) else { return noun }
            // A document label often names the kind already ("Help Button").
            return label.lowercased().hasSuffix(noun) ? label : "\(label) \(noun)"
        }
    }

    /// What the element is, in words: "button", "tap gesture", "segmented control".
    static func noun(for elementName: String) -> String {
        switch elementName {
        case "button", "barButtonItem": return "button"
        case "tableViewCell", "collectionViewCell": return "cell"
        case "textField": return "text field"
        default:
            if elementName.hasSuffix("GestureRecognizer") {
                return words(String(elementName.dropLast("GestureRecognizer".count))) + " gesture"
            }
            return words(elementName)
        }
    }

    /// The visible title of a control (for a button: its title, attributed title, configuration's title, own title,
    /// else a system type's), else Interface Builder's document label, else its image name.
    static func label(of element: StoryboardElement) -> String? {
        var candidates: [String?] = []
        switch element.name {
        case "button":
            let normal = element.children.first { $0.name == "state" && $0["key"] == "normal" }
            let configuration = element.children.first { $0.name == "buttonConfiguration" }
            candidates.append(normal?["title"])
            candidates.append(normal.flatMap(attributedTitle))
            candidates.append(configuration?["title"])
            candidates.append(configuration.flatMap(attributedTitle))
            candidates.append(element["title"])
            candidates.append(element["buttonType"].flatMap { buttonTypeTitles[$0] })
        case "barButtonItem":
            candidates.append(element["title"])
            candidates.append(element["systemItem"].map(systemItemTitle))
        case "label":
            candidates.append(element["text"])
        case "textField":
            candidates.append(element["placeholder"])
        default:
            candidates.append(element["title"])
        }
        candidates.append(element["userLabel"])
        if element.name == "button" {
            candidates.append(element.children.first { $0.name == "state" && $0["key"] == "normal" }?["image"])
        }
        candidates.append(element["image"])
        return candidates.lazy.compactMap { $0.map(clean) }.first { !$0.isEmpty }
    }

    /// The titles of system button types, as the button shows them.
    static let buttonTypeTitles = [
        "infoLight": "Info", "infoDark": "Info", "contactAdd": "Add contact", "detailDisclosure": "Detail disclosure", "close": "Close",
    ]

    /// The text of an attributed title (`<attributedString key="attributedTitle">` with `<fragment content=…>`).
    static func attributedTitle(in element: StoryboardElement) -> String? {
        guard let string = element.children.first(where: { $0.name == "attributedString" && $0["key"] == "attributedTitle" }) else {
            return nil
        }
        let text = string.children.filter { $0.name == "fragment" }.compactMap { $0["content"] }.joined()
        return text.isEmpty ? nil : text
    }

    /// A cell's reuse identifier, else the text of its first label (static cells), without a trailing "cell" (the
    /// description adds it): `PhotoCell` → `Photo`. A bare `Cell` says nothing, so the label's text is used then.
    static func cellName(_ cell: StoryboardElement) -> String? {
        func trimmed(_ name: String?) -> String? {
            guard var name = name.map(clean) else { return nil }
            if name.lowercased().hasSuffix("cell") { name = String(name.dropLast(4)).trimmingCharacters(in: .whitespaces) }
            while name.hasSuffix("_") || name.hasSuffix("-") { name.removeLast() }
            return name.isEmpty ? nil : name
        }
        if let identifier = trimmed(cell["reuseIdentifier"]) { return identifier }
        if let label = trimmed(cell["userLabel"]) { return label }
        var text: String?
        cell.forEachDescendant { element in
            if text == nil, element.name == "label", let value = element["text"].map(clean), !value.isEmpty { text = value }
        }
        return text
    }

    /// `systemItem="add"` → "Add"; `"flexibleSpace"` → "Flexible space".
    static func systemItemTitle(_ item: String) -> String {
        let spaced = words(item)
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// "segmentedControl" → "segmented control".
    static func words(_ camelCase: String) -> String {
        var result = ""
        for character in camelCase {
            if character.isUppercase, !result.isEmpty { result.append(" ") }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }

    /// One line, no surrounding spaces.
    static func clean(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
