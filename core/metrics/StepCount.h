#pragma once

#include <QString>

namespace pb {

// count_steps, the tutorial's metric, exactly as Python computes
// len(re.findall(r"^\d+\.", reply, re.MULTILINE)): the lines that begin with one or more
// Unicode decimal digits and a full stop. A line begins at the start of the reply and
// after each "\n" only (a lone "\r" does not begin one); no space may precede the digits.
int countSteps(const QString& reply);

// numbered_list, a tolerant count of numbered-list lines. Lines are split at "\r\n",
// "\n" and "\r". A line counts when it matches, ignoring case,
//   ^[ \t]*(#{1,6}[ \t]+)?(\*\*|__)?(step[ \t]*\d+[.):]|\d+[.)])(\*\*|__)?
// and is followed by a space, a tab or the end of the line (\d: Unicode decimal digits).
// So "1.", "  2)", "Step 3:", "step 4.", "**5.**" and "### Step 6:" count, while "3.14",
// "1.5 s", "1.2. sub-step", "1:" and "(1)" do not.
int countNumberedListItems(const QString& reply);

} // namespace pb
