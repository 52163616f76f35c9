import UIKit

final class MainViewController: UIViewController {
    @IBAction func openSettings(_ sender: Any) {
        let settings = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "SettingsViewController")
        present(settings, animated: true)
    }

    func editObject() {
        let tabs = UIStoryboard(name: "POI", bundle: nil).instantiateViewController(withIdentifier: "poiTabBar") as! POITabBarController
        tabs.modalPresentationStyle = .formSheet
        present(tabs, animated: true)
    }

    func showNotes() {
        performSegue(withIdentifier: "NotesSegue", sender: nil)
    }

    func search() {
        performSegue(withIdentifier: "poiSegue", sender: self)
    }

    func chooseQuests() {
        guard let quests = UIStoryboard(name: "QuestChooser", bundle: nil).instantiateInitialViewController() else { return }
        present(quests, animated: true)
    }

    func upload() {
        // Changeset.storyboard has no initial view controller: this cannot be resolved.
        if let upload = UIStoryboard(name: "Changeset", bundle: nil).instantiateInitialViewController() {
            present(upload, animated: true)
        }
    }

    func confirmDelete() {
        let alert = UIAlertController(title: "Delete", message: nil, preferredStyle: .actionSheet)
        present(alert, animated: true)
    }

    func share(_ url: URL) {
        present(UIActivityViewController(activityItems: [url], applicationActivities: nil), animated: true)
    }
}
