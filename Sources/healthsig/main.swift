print("healthsig")
