import UIKit

final class DisplayViewController: UITableViewController {
    private let overlays = UIStoryboard(name: "DataOverlays", bundle: nil)

    func openUserData() {
        let userData = overlays.instantiateViewController(withIdentifier: "UserData")
        navigationController?.pushViewController(userData, animated: true)
    }

    @IBAction func done(_ sender: Any) {
        dismiss(animated: true)
    }

    @IBAction func unwindToDisplay(_ segue: UIStoryboardSegue) {}
}
