// MockTrackingManager: stand-ins for the OS (the device, tracking authorization, the advertising
// identifier, location authorization) that behave as the real one does, quirks included.
