import UIKit

/// The feed tab: every way Scenograph's scan of code-driven navigation knows, and ways it must not be fooled.
final class FeedViewController: UIViewController {
    private lazy var social = UIStoryboard(name: "Social", bundle: nil)

    // MARK: Found and resolved

    @IBAction func invite(_ sender: Any) {
        let invite = social.instantiateViewController(withIdentifier: "InviteViewController")
        present(invite, animated: true)
    }

    func openProfile() {
        let profile = UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "ProfileVC") as! ProfileViewController
        navigationController?.pushViewController(profile, animated: true)
    }

    func showList() {
        showDetailViewController(ListViewController(), sender: self)
    }

    func openSocial() {
        if let social = self.social.instantiateInitialViewController() {
            self.present(social, animated: true, completion: nil)
        }
    }

    func favorites() {
        performSegue(withIdentifier: "showFavorites", sender: nil)
    }

    // MARK: Found, and listed as unresolved

    func openSettings() {
        guard let settings = storyboard?.instantiateViewController(identifier: "Nowhere") else { return }
        show(settings, sender: self)
    }

    func misspelt() {
        performSegue(withIdentifier: "showFavourites", sender: nil)
    }

    func elsewhere(other: UIViewController) {
        other.present(makeSomething(), animated: true)
        present(makeSomething(), animated: true)
        let nav = UINavigationController(rootViewController: ListViewController())
        present(nav, animated: true)
        let identifier = "ProfileVC"
        let computed = UIStoryboard(name: "Profile", bundle: nil).instantiateViewController(withIdentifier: "\(identifier)")
        present(computed, animated: true)
    }

    // MARK: Not navigation between scenes

    func notNavigation() {
        let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
        present(alert, animated: true)
        // present(InviteViewController(), animated: true)
        /* navigationController?.pushViewController(ListViewController(), animated: true) */
        let text = "present(vc, animated: true)"
        let present = text.isEmpty
        _ = present
    }

    func present(_ sheet: Sheet) {}

    private func makeSomething() -> UIViewController { UIViewController() }
}

/// A view, not a scene: its calls are not the app's navigation between scenes.
final class BadgeView: UIView {
    func open(from controller: UIViewController) {
        controller.present(ProfileViewController(), animated: true)
    }
}
