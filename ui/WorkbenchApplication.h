#pragma once

namespace pb {

// Starts the workbench window: creates the QApplication, applies the system palette and
// runs the event loop. Returns the process exit code.
int runWorkbench(int argc, char** argv);

} // namespace pb
