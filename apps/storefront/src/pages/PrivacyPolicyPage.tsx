import { LegalPage } from '../components/LegalPage';
import { SHOP } from '../config';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        {SHOP.name} (“we”, “us”) respects your privacy. This policy explains what personal information we collect when you visit our
        website, request a consultation, commission a custom design or contact us, and how we use and protect it.
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>Contact details you give us: your name, e-mail address, telephone number and postal address.</li>
        <li>Details of the pieces you request, order or ask us to design, and the messages you send us.</li>
        <li>Your selection and wishlist, which are stored only in your own browser (local storage) until you submit a request.</li>
        <li>Basic technical information, such as your browser type, needed to run the website securely.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        We use your information to answer your enquiries, to contact you within 24-48 hours about a consultation request, to prepare quotes,
        to make and deliver your jewelry, and to keep the records the law requires. We do not sell your personal information, and we do not
        use it for advertising by third parties.
      </p>
      <h2>Payments</h2>
      <p>
        No payment is taken with a consultation request. Card payments, when you choose to make one, are handled by our payment provider; we
        keep only the name on the card and its last four digits.
      </p>
      <h2>Keeping and erasing your data</h2>
      <p>
        We keep order records for as long as tax and warranty obligations require. You may ask us at any time for a copy of the information
        we hold about you, to correct it, or to erase it. When we erase a customer, the encryption keys protecting their details are
        destroyed, so the information cannot be recovered.
      </p>
      <h2>Children</h2>
      <p>Our services are intended for adults. You must be 18 or over to place an order or request a consultation.</p>
      <h2>Contact</h2>
      <p>
        For any privacy question, write to <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> or call {SHOP.phones[0]}.
      </p>
    </LegalPage>
  );
}
