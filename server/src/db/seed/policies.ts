/** The center's standing policies, shown on every morning-program session and accepted at enrollment. */
export const demoPolicies = {
  expectation: {
    policyType: 'Expectation' as const,
    name: 'Family expectations',
    htmlValue: `<p>We are a small community, and we keep it warm by looking after one another.</p>
<ul>
<li>Children arrive rested, fed and dressed for messy play and for the weather, with a labelled water bottle and a spare set of clothes in their cubby.</li>
<li>Please keep a sick child home until they have been fever-free for 24 hours without medicine, and tell us about any contagious illness so we can let other families know.</li>
<li>Update allergies, medications and emergency contacts in the parent portal as soon as anything changes.</li>
<li>Talk with your child’s teacher at drop-off or by email if something at home may affect their day — a new sibling, a move, a rough night.</li>
<li>Speak kindly to children, staff and other families. We model the behaviour we hope to see.</li>
</ul>`,
  },
  dismissal: {
    policyType: 'Dismissal' as const,
    name: 'Pickup and dismissal',
    htmlValue: `<p>Your child’s safety at pickup is our first job.</p>
<ul>
<li>We release children only to a parent or to a trusted adult listed as an emergency contact who <strong>can pick up</strong> in the portal.</li>
<li>Anyone we have not met shows a photo ID at the door, every time, until our staff know them.</li>
<li>If someone new needs to collect your child, add them in the portal before pickup — a phone call alone is not enough.</li>
<li>Pickup is at the classroom door. Please sign your child out with the teacher before leaving.</li>
</ul>`,
  },
  latePickup: {
    policyType: 'LatePickup' as const,
    name: 'Late pickup',
    htmlValue: `<p>We understand that traffic on El Camino happens. Please call us at (650) 555-0148 if you are running late so we can reassure your child.</p>
<ul>
<li>A 10-minute grace period applies after the end of the program.</li>
<li>After that, a late fee of $1 per minute is added to your next statement, paid to the teacher who stays.</li>
<li>If we cannot reach you or any emergency contact 30 minutes after dismissal, we follow our licensing agency’s procedure.</li>
</ul>`,
  },
};
