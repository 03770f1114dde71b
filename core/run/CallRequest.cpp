#include "run/CallRequest.h"
