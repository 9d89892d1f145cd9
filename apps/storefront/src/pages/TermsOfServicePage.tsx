import { LegalPage } from '../components/LegalPage';
import { ReturnPolicyTable } from '../components/ReturnPolicyTable';
import { SHOP } from '../config';

export default function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of the {SHOP.name} website and any purchase, consultation or custom design you make with us. By using
        the website you agree to them.
      </p>
      <h2>Eligibility</h2>
      <p>You must be 18 years of age or older to place an order, request a consultation or commission a design.</p>
      <h2>Prices and payment</h2>
      <p>
        All prices are in US dollars. Sales tax of 8% is added to the subtotal. Shipping is free on orders over $500; otherwise a flat
        shipping charge of $25 applies. A consultation request is not an order: no payment is taken until you have agreed the details with
        one of our specialists, who will contact you within 24-48 hours.
      </p>
      <h2>Custom orders</h2>
      <p>
        Custom and bespoke pieces require a deposit before work begins. Because they are made for you alone, custom pieces cannot be
        returned, although they are covered by our lifetime warranty.
      </p>
      <h2>Shipping and delivery</h2>
      <p>
        In-stock pieces ship within 1-2 business days, fully insured, and are delivered 2-3 business days after shipping. A signature is
        required on delivery.
      </p>
      <h2>Returns and refunds</h2>
      <p>
        Delivered pieces may be returned within 30 days of delivery in their original, unworn condition: ask from your order&apos;s page
        (&ldquo;Return items&rdquo;). Once our atelier has received them, we refund them to the original payment method (less any restocking
        fee we told you of) within 7-14 days, or exchange them for another size of the same piece. These pieces cannot be returned:
      </p>
      <ReturnPolicyTable />
      <h2>Lifetime warranty</h2>
      <p>
        Every {SHOP.name} piece is guaranteed against manufacturing defects for its lifetime. The warranty does not cover loss, theft, or
        damage from accidents or ordinary wear.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>, {SHOP.phones[0]}.
      </p>
    </LegalPage>
  );
}
