import UIKit

final class SettingsViewController: UITableViewController {
    func logIn() {
        guard let login = storyboard?.instantiateViewController(withIdentifier: "LoginViewController") else { return }
        show(login, sender: self)
    }

    @IBAction func unwindToSettings(_ segue: UIStoryboardSegue) {}
}

final class LoginViewController: UITableViewController {
    @IBAction func cancel(_ sender: Any) {
        presentingViewController?.dismiss(animated: true)
    }
}
