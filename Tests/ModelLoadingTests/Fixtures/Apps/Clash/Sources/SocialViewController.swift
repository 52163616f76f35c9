import UIKit

final class SocialViewController: UIViewController {
    @IBAction func help(_ sender: Any) {
        let help = UIStoryboard(name: "Social", bundle: .main).instantiateViewController(withIdentifier: "Help")
        present(help, animated: true)
    }

    func invite() {
        let invite = storyboard!.instantiateViewController(withIdentifier: "InviteViewController") as! InviteViewController
        show(invite, sender: nil)
    }
}
