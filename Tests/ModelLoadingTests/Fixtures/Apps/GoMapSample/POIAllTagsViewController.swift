import UIKit

final class POIAllTagsViewController: UITableViewController {
    func pickValue() {
        navigationController?.pushViewController(POIPresetValuePickerController(), animated: true)
    }

    func editRelation(_ members: [String]) {
        let list = makeRelationList(members)
        let nav = UINavigationController(rootViewController: list)
        present(nav, animated: true)
    }

    private func makeRelationList(_ members: [String]) -> UIViewController { UITableViewController() }
}
