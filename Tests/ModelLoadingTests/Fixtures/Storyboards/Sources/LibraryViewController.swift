import UIKit

/// The library. Unwind actions here are found by `scenograph import --sources`.
final class LibraryViewController: UITableViewController {
    // @IBAction func commentedOut(_ segue: UIStoryboardSegue) {}
    let sample = "@IBAction func inAString(_ segue: UIStoryboardSegue) {}"

    class func make() -> LibraryViewController { LibraryViewController() }

    @IBAction func unwindToLibrary(_ segue: UIStoryboardSegue) {}

    @IBAction private func unwindToLibrary(segue: UIStoryboardSegue) {
        let nested = { (value: Int) in value + 1 }
        _ = nested(1)
    }

    @IBAction func refresh(_ sender: UIBarButtonItem) {}

    struct Row {
        /* @IBAction func inAComment(_ segue: UIStoryboardSegue) {} */
    }
}

extension PhotoViewController {
    @IBAction @objc func unwind(to segue: UIStoryboardSegue!) {}
}
