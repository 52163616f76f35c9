import UIKit

final class ProfileSettingsViewController: UIViewController {
    @IBAction func done(_ sender: Any) {
        dismiss(animated: true)
    }
}

extension ProfileViewController {
    @IBAction func unwindToProfile(_ segue: UIStoryboardSegue) {}
}
