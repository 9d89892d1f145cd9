import { RETURN_POLICY } from '@facet/contracts';

const HOW: Record<string, string> = {
  automatic: 'Refused when you ask',
  staff: 'Refused by our atelier',
  none: 'Nothing to refuse',
};

/** The returns policy, one row per rule: the one table the shop refuses by (libs/contracts RETURN_POLICY). */
export function ReturnPolicyTable() {
  return (
    <table className="return-policy" data-testid="return-policy">
      <thead>
        <tr>
          <th scope="col">Pieces</th>
          <th scope="col">Why</th>
          <th scope="col">How it applies</th>
        </tr>
      </thead>
      <tbody>
        {RETURN_POLICY.map((rule) => (
          <tr key={rule.code}>
            <th scope="row">{rule.label}</th>
            <td>{rule.message}</td>
            <td>{HOW[rule.applies]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
